import { Tabs, tabsClasses, type TabsProps } from '@mui/material';
import { useEffect, useRef } from 'react';

/** Scrolls the row so that its selected tab shows whole, past neither end nor under an arrow. */
function revealSelected(root: HTMLElement) {
  const scroller = root.querySelector<HTMLElement>(`.${tabsClasses.scroller}`);
  const tab = root.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
  if (!scroller || !tab) return;
  const row = scroller.getBoundingClientRect();
  const it = tab.getBoundingClientRect();
  if (it.left < row.left) scroller.scrollLeft -= row.left - it.left;
  else if (it.right > row.right) scroller.scrollLeft += Math.min(it.right - row.right, it.left - row.left);
}

/**
 * A screen's row of tabs. Where the tabs are wider than the screen (a phone) the row scrolls
 * sideways, with arrows. MUI scrolls the selected tab into view before its arrows appear; the
 * arrows then narrow the row and cut that tab, so it is scrolled into view again whenever the
 * row or its tabs change size (arrows shown, labels loaded, the phone turned).
 */
export function ScreenTabs(props: TabsProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { value } = props;
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    // at the next frame, and again once MUI's own scrolling animation (300 ms) has ended, as it
    // would otherwise end on the position it measured before the arrows appeared
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reveal = () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      frame = requestAnimationFrame(() => revealSelected(root));
      timer = setTimeout(() => revealSelected(root), 400);
    };
    const observer = new ResizeObserver(reveal);
    const scroller = root.querySelector(`.${tabsClasses.scroller}`);
    if (scroller) {
      observer.observe(scroller);
      if (scroller.firstElementChild) observer.observe(scroller.firstElementChild);
    }
    reveal();
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [value]);
  return <Tabs ref={ref} variant="scrollable" allowScrollButtonsMobile {...props} />;
}

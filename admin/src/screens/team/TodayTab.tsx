import './messages.en';
import { useState } from 'react';
import { Box, ButtonBase, Card, CircularProgress, List, ListItem, ListItemText, Typography, alpha } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LoadError } from '../../layout/LoadError';
import { errorMessage } from '../../providers/httpClient';
import { formatters } from '../../schema/format';
import { toneOf } from '../../schema/StatusChip';
import { DAY_STATUSES, type TeamDayStatus, type TeamMember, type TeamToday } from './api';
import { DayStatusChip, TONE_OF } from './DayStatusChip';
import { useTeamToday } from './useTeamToday';

/** One count of the day; a tap shows only the people of that status, another tap everyone again. */
const CountCard = ({ status, count, selected, onClick }: { status: TeamDayStatus; count: number; selected: boolean; onClick: () => void }) => {
  const translate = useTranslate();
  const tone = toneOf(TONE_OF[status]);
  return (
    <ButtonBase
      onClick={onClick}
      aria-pressed={selected}
      data-testid={`team-count-${status}`}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        p: 1.5,
        minHeight: 72,
        borderRadius: 2,
        border: 1,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: (theme) => (tone === 'default' ? 'background.paper' : alpha(theme.palette[tone].main, 0.08)),
        textAlign: 'left',
      }}
    >
      <Typography variant="h5" component="span" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
        {count}
      </Typography>
      <Typography variant="body2" color="text.secondary" component="span">
        {translate(`team.status.${status}`)}
      </Typography>
    </ButtonBase>
  );
};

/** The counts of the day, as cards that also filter the list below. */
export const TeamCounts = ({ counts, selected, onSelect }: { counts: TeamToday['counts']; selected: TeamDayStatus | null; onSelect: (status: TeamDayStatus | null) => void }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))', gap: 1 }}>
    {DAY_STATUSES.map((status) => (
      <CountCard key={status} status={status} count={counts[status]} selected={selected === status} onClick={() => onSelect(selected === status ? null : status)} />
    ))}
  </Box>
);

/** One person of the day: name, position and department, the times of the day, the status. */
const MemberRow = ({ member, zone }: { member: TeamMember; zone: string }) => {
  const translate = useTranslate();
  const format = formatters(zone);
  const t = (key: string, args?: Record<string, unknown>) => translate(`team.today.${key}`, args);
  const day =
    member.status === 'on_leave' && member.leave_type
      ? t('leave', { type: member.leave_type })
      : member.check_in_time
        ? [t('checked_in', { time: format.time(member.check_in_time) }), member.check_out_time ? t('checked_out', { time: format.time(member.check_out_time) }) : null]
            .filter(Boolean)
            .join(', ')
        : null;
  return (
    <ListItem divider data-testid="team-member" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
      <ListItemText
        primary={member.name}
        secondary={
          <>
            {[member.position_title, member.department_name].filter(Boolean).join(' · ')}
            {day && (
              <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.primary' }}>
                {day}
              </Typography>
            )}
          </>
        }
        sx={{ flex: '1 1 12rem', minWidth: 0, my: 0.5 }}
      />
      <DayStatusChip status={member.status} />
    </ListItem>
  );
};

/** Today: how many of the team are in, late, absent, on leave or not in yet, and who. */
export const TodayTab = () => {
  const translate = useTranslate();
  const query = useTeamToday();
  const [status, setStatus] = useState<TeamDayStatus | null>(null);
  const data = query.data;

  if (query.error && !data) {
    return <LoadError onRetry={() => query.refetch()}>{errorMessage(query.error, translate('team.today.failed'))}</LoadError>;
  }
  if (!data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="loading" />
      </Box>
    );
  }
  const format = formatters(data.time_zone);
  const members = status ? data.members.filter((m) => m.status === status) : data.members;
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="team-today">
      <Box>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {translate('team.today.title', { date: format.longDate(data.date) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('team.today.total', { smart_count: data.total })} · {translate('team.today.zone', { zone: data.time_zone })}
        </Typography>
      </Box>
      {data.total === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {translate('team.today.empty')}
        </Typography>
      ) : (
        <>
          <TeamCounts counts={data.counts} selected={status} onSelect={setStatus} />
          <Card variant="outlined">
            <List disablePadding aria-label={translate('team.tabs.today')}>
              {members.map((member) => (
                <MemberRow key={member.employee_id} member={member} zone={data.time_zone} />
              ))}
            </List>
          </Card>
        </>
      )}
    </Box>
  );
};

import type { ComponentType, ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import type { FieldDescriptor, Selection } from './derive';

/** What a custom list presentation gets from the generated screen: the columns and the row's actions. */
export interface ListViewProps {
  columns: FieldDescriptor[];
  /** the edit and delete buttons the caller may use, for one record */
  actions: (record: RaRecord) => ReactNode;
  /** opens the record (details, or edit where there are none) */
  open: (record: RaRecord) => void;
}

/**
 * A resource of the schema layer: which collection of the API it is and, only where the spec
 * asks for something particular, which fields go where. Everything else comes from the document.
 */
export interface ResourceConfig {
  /** the collection's path without /api/ (`hr/shifts`), also the react-admin resource name */
  name: string;
  list?: Selection & {
    /** the phone's card: the main line, a second line (one field, or several joined by " · ") and a status on the right (default: the first columns) */
    primary?: string;
    secondary?: string | readonly string[];
    status?: string;
    /** rows per page */
    perPage?: number;
    /** a filter always sent (e.g. one parent's children) */
    filter?: Record<string, unknown>;
    /** the filters a list opens with, which a person may change (e.g. the monthly KPIs) */
    filterDefaults?: Record<string, unknown>;
    /** the values an enum filter offers where the spec offers fewer than the field has */
    filterChoices?: Record<string, readonly (string | number)[]>;
  };
  form?: Selection & {
    /** fields shown but not editable after create (the server refuses to change them) */
    locked?: readonly string[];
    /** values of a new record beyond the document's defaults */
    defaults?: Record<string, unknown>;
    /** fields shown first, in this order (the others follow in the document's order) */
    order?: readonly string[];
    /** fields taking a whole row (others: half a row from the `sm` breakpoint) */
    wide?: readonly string[];
    /** headed groups of fields in this order (title: `resources.<name>.sections.<title>`); a section whose fields are all absent is left out */
    sections?: ReadonlyArray<{ title: string; fields: readonly string[] }>;
  };
  /** the details view's fields (default: the record's, lists of values included) */
  show?: Selection;
  /** a custom cell where the spec needs one */
  cells?: Record<string, ComponentType<{ record: RaRecord; field: FieldDescriptor }>>;
  /** more actions of a row where the spec asks for them, before Edit and Delete (on a phone: in the card) */
  rowActions?: ComponentType<{ record: RaRecord }>;
  /** a custom input where the spec needs one */
  inputs?: Record<string, (field: FieldDescriptor, mode: 'create' | 'edit') => ReactNode>;
  /** the list's records in the presentation the spec asks for (e.g. a card grid), in place of the table and the phone's cards */
  view?: ComponentType<ListViewProps>;
  /** the body sent, from the form's values (default: the body's properties, empty texts as null where allowed) */
  transform?: (values: Record<string, unknown>, mode: 'create' | 'edit') => Record<string, unknown>;
}

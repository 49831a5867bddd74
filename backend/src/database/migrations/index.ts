import { Migration20261122050706 } from './Migration20261122050706';

/** Applied in this order; listed explicitly so no file discovery is needed at run time. */
export const MIGRATIONS = [
  { name: 'Migration20261122050706', class: Migration20261122050706 },
];

import { Migration20261122050706 } from './Migration20261122050706';
import { Migration20261122053128 } from './Migration20261122053128';
import { Migration20261122053240 } from './Migration20261122053240';
import { Migration20261122053416 } from './Migration20261122053416';
import { Migration20261122053951 } from './Migration20261122053951';
import { Migration20261122054020 } from './Migration20261122054020';
import { Migration20261122064515 } from './Migration20261122064515';

/** Applied in this order; listed explicitly so no file discovery is needed at run time. */
export const MIGRATIONS = [
  { name: 'Migration20261122050706', class: Migration20261122050706 },
  { name: 'Migration20261122053128', class: Migration20261122053128 },
  { name: 'Migration20261122053240', class: Migration20261122053240 },
  { name: 'Migration20261122053416', class: Migration20261122053416 },
  { name: 'Migration20261122053951', class: Migration20261122053951 },
  { name: 'Migration20261122054020', class: Migration20261122054020 },
  { name: 'Migration20261122064515', class: Migration20261122064515 },
];

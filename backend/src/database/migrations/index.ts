import { Migration20261122050706 } from './Migration20261122050706';
import { Migration20261122053128 } from './Migration20261122053128';
import { Migration20261122053240 } from './Migration20261122053240';
import { Migration20261122053416 } from './Migration20261122053416';
import { Migration20261122053951 } from './Migration20261122053951';
import { Migration20261122054020 } from './Migration20261122054020';
import { Migration20261122064515 } from './Migration20261122064515';
import { Migration20261122090235 } from './Migration20261122090235';
import { Migration20261122090301 } from './Migration20261122090301';
import { Migration20261122090342 } from './Migration20261122090342';
import { Migration20261122090934 } from './Migration20261122090934';
import { Migration20261122093229 } from './Migration20261122093229';
import { Migration20261124153430 } from './Migration20261124153430';
import { Migration20261124160000 } from './Migration20261124160000';
import { Migration20261124161200 } from './Migration20261124161200';
import { Migration20261124200000 } from './Migration20261124200000';
import { Migration20261125100000 } from './Migration20261125100000';
import { Migration20261125120000 } from './Migration20261125120000';
import { Migration20261125130000 } from './Migration20261125130000';
import { Migration20261126090000 } from './Migration20261126090000';
import { Migration20261126120000 } from './Migration20261126120000';
import { Migration20261126122800 } from './Migration20261126122800';

/** Applied in this order; listed explicitly so no file discovery is needed at run time. */
export const MIGRATIONS = [
  { name: 'Migration20261122050706', class: Migration20261122050706 },
  { name: 'Migration20261122053128', class: Migration20261122053128 },
  { name: 'Migration20261122053240', class: Migration20261122053240 },
  { name: 'Migration20261122053416', class: Migration20261122053416 },
  { name: 'Migration20261122053951', class: Migration20261122053951 },
  { name: 'Migration20261122054020', class: Migration20261122054020 },
  { name: 'Migration20261122064515', class: Migration20261122064515 },
  { name: 'Migration20261122090235', class: Migration20261122090235 },
  { name: 'Migration20261122090301', class: Migration20261122090301 },
  { name: 'Migration20261122090342', class: Migration20261122090342 },
  { name: 'Migration20261122090934', class: Migration20261122090934 },
  { name: 'Migration20261122093229', class: Migration20261122093229 },
  { name: 'Migration20261124153430', class: Migration20261124153430 },
  { name: 'Migration20261124160000', class: Migration20261124160000 },
  { name: 'Migration20261124161200', class: Migration20261124161200 },
  { name: 'Migration20261124200000', class: Migration20261124200000 },
  { name: 'Migration20261125100000', class: Migration20261125100000 },
  { name: 'Migration20261125120000', class: Migration20261125120000 },
  { name: 'Migration20261125130000', class: Migration20261125130000 },
  { name: 'Migration20261126090000', class: Migration20261126090000 },
  { name: 'Migration20261126120000', class: Migration20261126120000 },
  { name: 'Migration20261126122800', class: Migration20261126122800 },
];

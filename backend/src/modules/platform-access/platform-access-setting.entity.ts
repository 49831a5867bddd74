import { Entity, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { Position } from '../positions/position.entity';

/**
 * Whether the holders of a position may use the web console, the installed app (PWA), or must use
 * the app. A position without a row has the defaults: web false, PWA true, force false.
 */
@Entity({ tableName: 'platform_access_settings' })
@Unique({ properties: ['company', 'position'] })
export class PlatformAccessSetting extends TenantScopedEntity {
  @ManyToOne({ entity: 'Position', deleteRule: 'cascade', index: true })
  position!: Rel<Position>;

  @Property({ default: false })
  allow_web_access: Opt<boolean> = false;

  @Property({ default: true })
  allow_pwa_access: Opt<boolean> = true;

  @Property({ default: false })
  force_pwa: Opt<boolean> = false;

  @Property({ type: 'text', default: '' })
  description: Opt<string> = '';
}

import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Page } from '../../common/http/envelope';
import { badRequest, notFound } from '../../common/http/errors';
import type { ListQuery } from '../../common/http/list-query';
import { ActivePageCache } from './active-page.cache';
import { toFeatureDto, toLandingPageDto, toTestimonialDto } from './cms.mapper';
import type { CreateLandingFeatureDto, LandingFeatureDto, UpdateLandingFeatureDto } from './dto/landing-feature.dto';
import type { CreateLandingPageDto, LandingPageDto, UpdateLandingPageDto } from './dto/landing-page.dto';
import type { CreateTestimonialDto, TestimonialDto, UpdateTestimonialDto } from './dto/testimonial.dto';
import { LandingFeature } from './landing-feature.entity';
import { LANDING_DEFAULTS } from './landing-defaults';
import { LandingPage } from './landing-page.entity';
import { Testimonial } from './testimonial.entity';

export const LANDING_PAGE_LIST = {
  sortable: ['id', 'created_at', 'updated_at', 'is_active'],
  filterable: ['is_active'],
  defaultSort: ['created_at', 'DESC'],
} as const satisfies { sortable: readonly string[]; filterable: readonly string[]; defaultSort: [string, 'ASC' | 'DESC'] };

const POPULATE = ['features', 'testimonials'] as const;

/** The fields of a body that were sent (undefined = left out). */
function sent<T extends object>(dto: T): Partial<T> {
  return Object.fromEntries(Object.entries(dto).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function requireChanges(fields: object): void {
  if (Object.keys(fields).length === 0) throw badRequest('Nothing to update: send at least one field');
}

/** Landing-page content: the public read of the active page and the superadmin's content manager. */
@Injectable()
export class CmsService {
  constructor(
    private readonly em: EntityManager,
    private readonly cache: ActivePageCache,
  ) {}

  /** The active page (cached briefly), or null when none is active. */
  activePage(): Promise<LandingPageDto | null> {
    return this.cache.get(async () => {
      // also called outside a request (server-rendered meta tags): a fork of its own
      const em = this.em.fork();
      const page = await em.findOne(LandingPage, { is_active: true }, { populate: POPULATE });
      return page ? toLandingPageDto(page) : null;
    });
  }

  async list(q: ListQuery): Promise<Page<LandingPageDto>> {
    const where = q.filter.is_active === undefined ? {} : { is_active: q.filter.is_active === true || q.filter.is_active === 'true' };
    const [pages, total] = await this.em.findAndCount(LandingPage, where, {
      populate: POPULATE,
      orderBy: { [q.sort.field]: q.sort.order, id: q.sort.order },
      offset: q.offset,
      limit: q.limit,
    });
    return new Page('cms/admin/landing-pages', pages.map(toLandingPageDto), q.offset, total);
  }

  async get(id: number): Promise<LandingPageDto> {
    return toLandingPageDto(await this.findPage(this.em, id));
  }

  async create(dto: CreateLandingPageDto): Promise<LandingPageDto> {
    const page = this.em.create(LandingPage, { ...LANDING_DEFAULTS, ...sent(dto), is_active: false });
    await this.em.flush();
    this.cache.invalidate();
    return this.get(page.id);
  }

  async update(id: number, dto: UpdateLandingPageDto): Promise<LandingPageDto> {
    const { is_active, ...fields } = sent(dto);
    requireChanges({ ...fields, ...(is_active === undefined ? {} : { is_active }) });
    await this.em.transactional(async (em) => {
      if (is_active === true) await this.activateIn(em, id);
      const page = await this.findPage(em, id, false);
      Object.assign(page, fields);
      if (is_active === false) page.is_active = false;
    });
    this.cache.invalidate();
    this.em.clear();
    return this.get(id);
  }

  async activate(id: number): Promise<LandingPageDto> {
    await this.em.transactional((em) => this.activateIn(em, id));
    this.cache.invalidate();
    this.em.clear();
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    const deleted = await this.em.nativeDelete(LandingPage, { id });
    if (!deleted) throw notFound('Landing page');
    this.cache.invalidate();
  }

  async addFeature(pageId: number, dto: CreateLandingFeatureDto): Promise<LandingFeatureDto> {
    const page = await this.findPage(this.em, pageId, false);
    let order_index = dto.order_index;
    if (order_index === undefined) {
      const [last] = await this.em.find(LandingFeature, { landing_page: page }, { orderBy: { order_index: 'desc' }, limit: 1 });
      order_index = last ? last.order_index + 1 : 1;
    }
    const feature = this.em.create(LandingFeature, { ...sent(dto), title: dto.title, landing_page: page, order_index });
    await this.em.flush();
    this.cache.invalidate();
    return toFeatureDto(feature);
  }

  async updateFeature(id: number, dto: UpdateLandingFeatureDto): Promise<LandingFeatureDto> {
    const fields = sent(dto);
    requireChanges(fields);
    const feature = await this.em.findOne(LandingFeature, { id });
    if (!feature) throw notFound('Feature');
    Object.assign(feature, fields);
    await this.em.flush();
    this.cache.invalidate();
    return toFeatureDto(feature);
  }

  async removeFeature(id: number): Promise<void> {
    if (!(await this.em.nativeDelete(LandingFeature, { id }))) throw notFound('Feature');
    this.cache.invalidate();
  }

  async addTestimonial(pageId: number, dto: CreateTestimonialDto): Promise<TestimonialDto> {
    const page = await this.findPage(this.em, pageId, false);
    const testimonial = this.em.create(Testimonial, {
      ...sent(dto),
      testimonial_text: dto.testimonial_text,
      client_name: dto.client_name,
      landing_page: page,
    });
    await this.em.flush();
    this.cache.invalidate();
    return toTestimonialDto(testimonial);
  }

  async updateTestimonial(id: number, dto: UpdateTestimonialDto): Promise<TestimonialDto> {
    const fields = sent(dto);
    requireChanges(fields);
    const testimonial = await this.em.findOne(Testimonial, { id });
    if (!testimonial) throw notFound('Testimonial');
    Object.assign(testimonial, fields);
    await this.em.flush();
    this.cache.invalidate();
    return toTestimonialDto(testimonial);
  }

  async removeTestimonial(id: number): Promise<void> {
    if (!(await this.em.nativeDelete(Testimonial, { id }))) throw notFound('Testimonial');
    this.cache.invalidate();
  }

  /**
   * Makes `id` the only active page, inside the caller's transaction. Every page row is locked
   * in id order first, so concurrent activations run one after the other (no deadlock) and each
   * deactivates the page the previous one activated; the partial unique index is the backstop.
   */
  private async activateIn(em: EntityManager, id: number): Promise<void> {
    const locked = await em.execute<{ id: number }[]>('select "id" from "landing_pages" order by "id" for update');
    if (!locked.some((row) => Number(row.id) === id)) throw notFound('Landing page');
    await em.nativeUpdate(LandingPage, { is_active: true, id: { $ne: id } }, { is_active: false });
    await em.nativeUpdate(LandingPage, { id }, { is_active: true });
  }

  private async findPage(em: EntityManager, id: number, populate = true): Promise<LandingPage> {
    const page = await em.findOne(LandingPage, { id }, populate ? { populate: POPULATE } : {});
    if (!page) throw notFound('Landing page');
    return page;
  }
}

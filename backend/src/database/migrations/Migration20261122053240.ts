import { Migration } from '@mikro-orm/migrations';

export class Migration20261122053240 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "landing_pages" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "is_active" boolean not null default false, "hero_title" varchar(255) null, "hero_subtitle" varchar(255) null, "hero_description" text null, "hero_image_url" text null, "hero_cta_text" varchar(100) null, "hero_secondary_cta_text" varchar(100) null, "hero_secondary_cta_url" text null, "stats_title" varchar(255) null, "stats_subtitle" varchar(255) null, "stats_clients_count" int not null default 500, "stats_projects_count" int not null default 1200, "stats_years_count" int not null default 10, "stats_countries_count" int not null default 25, "features_title" varchar(255) null, "features_subtitle" varchar(255) null, "testimonials_title" varchar(255) null, "testimonials_subtitle" varchar(255) null, "pricing_title" varchar(255) null, "pricing_subtitle" varchar(255) null, "cta_title" varchar(255) null, "cta_description" text null, "cta_button_text" varchar(100) null, "cta_button_url" text null, "footer_company_name" varchar(200) null, "footer_description" text null, "footer_contact_email" varchar(255) null, "footer_contact_phone" varchar(50) null, "footer_address" text null, "footer_social_links" jsonb not null default '{}', "seo_title" varchar(255) null, "seo_description" text null, "seo_keywords" text null, "og_image_url" text null, constraint landing_pages_stats_not_negative check (stats_clients_count >= 0 and stats_projects_count >= 0 and stats_years_count >= 0 and stats_countries_count >= 0));`);
    this.addSql(`create unique index "landing_pages_one_active" on "landing_pages" ("is_active") where "is_active";`);

    this.addSql(`create table "landing_features" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "landing_page_id" int not null, "title" varchar(200) not null, "description" text null, "icon_name" varchar(100) null, "image_url" text null, "order_index" int not null default 0);`);
    this.addSql(`create index "landing_features_landing_page_id_order_index_index" on "landing_features" ("landing_page_id", "order_index");`);

    this.addSql(`create table "testimonials" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "landing_page_id" int not null, "rating" smallint not null default 5, "testimonial_text" text not null, "client_name" varchar(200) not null, "client_position" varchar(200) null, "client_company" varchar(200) null, "client_avatar_url" text null, constraint testimonials_rating_range check (rating >= 1 and rating <= 5));`);
    this.addSql(`create index "testimonials_landing_page_id_index" on "testimonials" ("landing_page_id");`);

    this.addSql(`alter table "landing_features" add constraint "landing_features_landing_page_id_foreign" foreign key ("landing_page_id") references "landing_pages" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "testimonials" add constraint "testimonials_landing_page_id_foreign" foreign key ("landing_page_id") references "landing_pages" ("id") on update cascade on delete cascade;`);

    // the default landing page, active, so a fresh install shows a complete page
    this.addSql(`insert into "landing_pages" ("is_active", "hero_title", "hero_subtitle", "hero_description", "hero_cta_text",
      "hero_secondary_cta_text", "hero_secondary_cta_url", "stats_title", "stats_subtitle",
      "stats_clients_count", "stats_projects_count", "stats_years_count", "stats_countries_count",
      "features_title", "features_subtitle", "testimonials_title", "testimonials_subtitle", "pricing_title", "pricing_subtitle",
      "cta_title", "cta_description", "cta_button_text", "cta_button_url",
      "footer_company_name", "footer_description", "footer_contact_email", "footer_social_links",
      "seo_title", "seo_description", "seo_keywords") values
      (true, 'Manage your workforce in one place', 'The HR platform for growing companies',
      'Employees, attendance, leave, payroll, KPIs and bonuses for your whole company, in one secure platform your team can use from any device.',
      'Start Free Trial', 'See Features', '#features', 'Trusted by companies worldwide', 'Teams of every size run their HR with us',
      500, 1200, 10, 25,
      'Everything HR needs', 'One platform from hiring to payroll', 'What our clients say', 'Companies that run their HR with us',
      'Simple, transparent pricing', 'Choose the plan that fits your team. Every plan starts with a free trial.',
      'Ready to get started?', 'Start your free trial today. No credit card required.', 'Start Free Trial', '/free-trial',
      'HR Platform', 'Multi-company HR and workforce management, sold as a simple subscription.', 'contact@example.com', '{}',
      'HR Platform - Manage your workforce in one place',
      'Employees, attendance, leave, payroll and KPIs for your whole company in one HR platform. Start a free trial today.',
      'HR software, HR management, payroll, attendance, leave management, employee management, KPI');`);
    this.addSql(`insert into "landing_features" ("landing_page_id", "title", "description", "icon_name", "order_index")
      select p.id, f.title, f.description, f.icon_name, f.order_index from "landing_pages" p,
      (values
        ('Employees', 'Profiles, departments and positions for every company you run.', 'users', 1),
        ('Attendance', 'Check-in and check-out, shift rosters and daily presence at a glance.', 'clock', 2),
        ('Leave Management', 'Requests, approvals and balances without spreadsheets.', 'calendar', 3),
        ('Payroll', 'Compute and review payroll for every pay period in a few clicks.', 'wallet', 4),
        ('Operational Monitoring', 'Follow tasks and operations across teams as they happen.', 'activity', 5),
        ('KPI & Bonus', 'Set targets, score performance and calculate bonuses fairly.', 'award', 6)
      ) as f(title, description, icon_name, order_index)
      where p.is_active;`);
    this.addSql(`insert into "testimonials" ("landing_page_id", "rating", "testimonial_text", "client_name", "client_position", "client_company")
      select p.id, t.rating, t.testimonial_text, t.client_name, t.client_position, t.client_company from "landing_pages" p,
      (values
        (5, 'We moved three subsidiaries onto the platform in a week. Payroll that took days now takes an afternoon.', 'Maria Santos', 'HR Director', 'Northwind Logistics'),
        (5, 'Attendance and leave finally live in one place, and our managers approve requests from their phones.', 'David Chen', 'Operations Manager', 'Blue Harbor Retail'),
        (4, 'The KPI and bonus module made our quarterly reviews transparent for the whole team.', 'Amina Okafor', 'Chief People Officer', 'Brightline Consulting')
      ) as t(rating, testimonial_text, client_name, client_position, client_company)
      where p.is_active;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "landing_features" drop constraint "landing_features_landing_page_id_foreign";`);

    this.addSql(`alter table "testimonials" drop constraint "testimonials_landing_page_id_foreign";`);

    this.addSql(`drop table if exists "landing_pages" cascade;`);

    this.addSql(`drop table if exists "landing_features" cascade;`);

    this.addSql(`drop table if exists "testimonials" cascade;`);
  }

}

import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { Translations } from '../../../contracts/languages.ts'
import { createdAt, id, updatedAt } from '../../db/columns.ts'

export const sliders = pgTable('sliders', {
  id: id(),
  image: text('image').notNull(),
  title: text('title'),
  link: text('link'),
  status: text('status').notNull().default('active'),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const banners = pgTable('banners', {
  id: id(),
  image: text('image').notNull(),
  // The words on the home page's sale banner: a small line, the big heading and the button (migration 0013).
  title: text('title'),
  subtitle: text('subtitle'),
  buttonText: text('button_text'),
  link: text('link'),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const faqs = pgTable('faqs', {
  id: id(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  position: integer('position').notNull().default(0),
  translations: jsonb('translations').$type<Translations<'question' | 'answer'>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const policySections = pgTable(
  'policy_sections',
  {
    id: id(),
    // 'privacy', 'terms' hold sections; 'return' holds one HTML section.
    kind: text('kind', { enum: ['privacy', 'terms', 'return'] }).notNull(),
    title: text('title').notNull().default(''),
    content: text('content').notNull(),
    position: integer('position').notNull().default(0),
    translations: jsonb('translations').$type<Translations<'title' | 'content'>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('policy_sections_kind_idx').on(t.kind, t.position)],
)

export const temples = pgTable(
  'temples',
  {
    id: id(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    location: text('location').notNull().default(''),
    about: text('about').notNull().default(''),
    image: text('image'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    servicesLink: text('services_link').notNull(),
    // Each service's own link (decision 099); null: the services link above.
    virtualTourLink: text('virtual_tour_link'),
    liveAartiLink: text('live_aarti_link'),
    orderParshadLink: text('order_parshad_link'),
    bookGuideLink: text('book_guide_link'),
    // Staff's Hindi of the name, place and text; the English where one is empty (decision 099).
    translations: jsonb('translations')
      .$type<Translations<'name' | 'location' | 'about'>>()
      .notNull()
      .default({}),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('temples_slug_idx').on(t.slug)],
)

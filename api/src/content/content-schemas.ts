import * as v from 'valibot';

// Shapes of the files under api/content/. They are checked once at start-up so that a typo in the
// content fails the server with the file's name instead of surfacing as a null field in the portal.

const GUID = /^\{[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}\}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const E164 = /^\+[1-9]\d{6,14}$/;
const CONTENT_ROOT = /^\/sitecore\/content(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/;

const text = v.pipe(v.string(), v.trim(), v.nonEmpty('must not be empty'));
// The portal sanitizes every HTML field, but content that needs a script is a mistake worth catching early.
const html = v.pipe(
  text,
  v.check(
    (value) => !/<\s*(script|iframe|object|embed)\b/i.test(value),
    'must not contain script or embedded content',
  ),
);
const guid = v.pipe(
  v.string(),
  v.regex(GUID, 'must be a GUID in braces, e.g. {6F1C2A3B-0D4E-4F5A-8B6C-7D8E9F0A1B2C}'),
);
const slug = v.pipe(v.string(), v.regex(SLUG, 'must be a lower-case slug, e.g. service-contact'));
const e164 = v.pipe(v.string(), v.regex(E164, 'must be a phone number in E.164 form, e.g. +31200000000'));

export const CONTACT_CATEGORY_IDS = ['CLAIMS', 'FINANCIAL', 'COVERAGE'] as const;
export type ContactCategoryId = (typeof CONTACT_CATEGORY_IDS)[number];

/** One page of page-tree.yaml as written in the file. */
export interface PageNodeInput {
  slug: string;
  id: string;
  content: string;
  requiresAuth: boolean;
  pages?: PageNodeInput[] | undefined;
}

/** One page of page-tree.yaml once parsed (children always present). */
export interface PageNode {
  slug: string;
  id: string;
  content: string;
  requiresAuth: boolean;
  pages: PageNode[];
}

const pageNodeSchema: v.GenericSchema<PageNodeInput, PageNode> = v.strictObject({
  slug,
  id: guid,
  content: slug,
  requiresAuth: v.boolean(),
  pages: v.optional(v.array(v.lazy(() => pageNodeSchema)), () => []),
});

export const pageTreeFileSchema = v.strictObject({
  roots: v.pipe(
    v.array(
      v.strictObject({
        name: text,
        id: guid,
        path: v.pipe(
          v.string(),
          v.regex(CONTENT_ROOT, 'must be a content path such as /sitecore/content/expat-portal/home'),
        ),
        pages: v.pipe(v.array(pageNodeSchema), v.minLength(1, 'must list at least one page')),
      }),
    ),
    v.minLength(1, 'must list at least one content root'),
  ),
});
export type PageTreeFile = v.InferOutput<typeof pageTreeFileSchema>;

export const pageCopySchema = v.strictObject({
  name: text,
  pageTitle: text,
  pageDescription: text,
  title: text,
  bodyHtml: html,
});
export type PageCopy = v.InferOutput<typeof pageCopySchema>;

export const pagesFileSchema = v.record(slug, pageCopySchema);
export type PagesFile = v.InferOutput<typeof pagesFileSchema>;

export const faqFileSchema = v.strictObject({
  categories: v.pipe(
    v.array(
      v.strictObject({
        id: slug,
        title: text,
        questions: v.pipe(
          v.array(v.strictObject({ id: slug, question: text, answerHtml: html })),
          v.minLength(1, 'must list at least one question'),
        ),
      }),
    ),
    v.minLength(1, 'must list at least one category'),
  ),
});
export type FaqFile = v.InferOutput<typeof faqFileSchema>;

export const emergencyFileSchema = v.strictObject({
  title: text,
  introHtml: html,
  phone: e164,
  phoneDisplay: text,
  whatsapp: e164,
  whatsappDisplay: text,
  email: v.pipe(v.string(), v.email('must be an e-mail address')),
  steps: v.pipe(
    v.array(v.strictObject({ id: slug, title: text, bodyHtml: html })),
    v.minLength(1, 'must list at least one step'),
  ),
});
export type EmergencyFile = v.InferOutput<typeof emergencyFileSchema>;

export const contactCategoriesFileSchema = v.strictObject({
  categories: v.pipe(
    v.array(v.strictObject({ id: v.picklist(CONTACT_CATEGORY_IDS), label: text })),
    v.check(
      (categories) =>
        categories.length === CONTACT_CATEGORY_IDS.length &&
        CONTACT_CATEGORY_IDS.every((id) => categories.some((category) => category.id === id)),
      `must list each of ${CONTACT_CATEGORY_IDS.join(', ')} exactly once`,
    ),
  ),
});
export type ContactCategoriesFile = v.InferOutput<typeof contactCategoriesFileSchema>;

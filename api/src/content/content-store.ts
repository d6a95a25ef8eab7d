import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { parse } from 'yaml';
import {
  contactCategoriesFileSchema,
  emergencyFileSchema,
  faqFileSchema,
  pageTreeFileSchema,
  pagesFileSchema,
} from './content-schemas.js';
import type {
  ContactCategoriesFile,
  EmergencyFile,
  FaqFile,
  PageNode,
  PageTreeFile,
  PagesFile,
} from './content-schemas.js';

export const CONTENT_LANGUAGES = ['en', 'nl'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];
export const DEFAULT_CONTENT_LANGUAGE: ContentLanguage = 'en';
/** The portal registers content pages as routes up to this depth below a content root. */
export const MAX_PAGE_DEPTH = 4;

export interface PageView {
  id: string;
  name: string;
  path: string;
  pageTitle: string;
  pageDescription: string;
  requiresAuth: boolean;
  title: string;
  bodyHtml: string;
  pages: PageView[];
}

export interface ItemView {
  id: string;
  name: string;
  path: string;
  pages: PageView[];
}

export type FaqCategoryView = FaqFile['categories'][number];
export type EmergencyView = EmergencyFile;
export type ContactCategoryView = ContactCategoriesFile['categories'][number];

export interface ContentStore {
  /** The root or page at a full content path (case-insensitive, trailing slash ignored), or null. */
  item(itemPath: string, language: ContentLanguage): ItemView | null;
  /** A page by id (case-insensitive, braces optional), or null. */
  page(id: string, language: ContentLanguage): PageView | null;
  faqCategories(language: ContentLanguage): FaqCategoryView[];
  emergency(language: ContentLanguage): EmergencyView;
  contactCategories(language: ContentLanguage): ContactCategoryView[];
}

/** Content on disk that cannot be served; the message names the file and what is wrong. */
export class ContentError extends Error {
  override name = 'ContentError';
}

/**
 * Maps a requested language (en, nl, en-GB, NL, …) to a content language; anything else, including
 * no language at all, falls back to en.
 */
export function resolveLanguage(language: string | null | undefined): ContentLanguage {
  const primary = (language ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return CONTENT_LANGUAGES.find((candidate) => candidate === primary) ?? DEFAULT_CONTENT_LANGUAGE;
}

function readContentFile<TSchema extends v.GenericSchema>(
  contentDir: string,
  relativePath: string,
  schema: TSchema,
): v.InferOutput<TSchema> {
  const file = path.join(contentDir, relativePath);
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ContentError(`Content file ${file} cannot be read: ${describe(error)}`);
  }
  let data: unknown;
  try {
    data = parse(source);
  } catch (error) {
    throw new ContentError(`Content file ${file} is not valid YAML: ${describe(error)}`);
  }
  const result = v.safeParse(schema, data);
  if (!result.success) {
    throw new ContentError(`Content file ${file} is invalid:\n${v.summarize(result.issues)}`);
  }
  return result.output;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function normalizePath(itemPath: string): string {
  return itemPath.trim().replace(/\/+$/, '').toLowerCase();
}

function normalizeId(id: string): string {
  const bare = id.trim().replace(/^\{/, '').replace(/\}$/, '').toUpperCase();
  return `{${bare}}`;
}

function duplicates(values: readonly string[]): string[] {
  return [...new Set(values.filter((value, index) => values.indexOf(value) !== index))];
}

function sameIds(
  actual: readonly string[],
  expected: readonly string[],
): { missing: string[]; extra: string[] } {
  return {
    missing: expected.filter((id) => !actual.includes(id)),
    extra: actual.filter((id) => !expected.includes(id)),
  };
}

interface FlatPage {
  node: PageNode;
  path: string;
  depth: number;
}

function flattenTree(tree: PageTreeFile, file: string): FlatPage[] {
  const flat: FlatPage[] = [];
  const visit = (nodes: PageNode[], parentPath: string, depth: number): void => {
    for (const node of nodes) {
      const nodePath = `${parentPath}/${node.slug}`;
      if (depth > MAX_PAGE_DEPTH) {
        throw new ContentError(
          `Content file ${file}: page ${nodePath} is ${depth} levels deep; the portal supports at most ${MAX_PAGE_DEPTH}.`,
        );
      }
      flat.push({ node, path: nodePath, depth });
      visit(node.pages, nodePath, depth + 1);
    }
  };
  for (const root of tree.roots) visit(root.pages, root.path, 1);

  const ids = [...tree.roots.map((root) => root.id), ...flat.map((page) => page.node.id)];
  const duplicateIds = duplicates(ids);
  if (duplicateIds.length > 0) {
    throw new ContentError(`Content file ${file}: ids used more than once: ${duplicateIds.join(', ')}.`);
  }
  const paths = [...tree.roots.map((root) => root.path), ...flat.map((page) => page.path)];
  const duplicatePaths = duplicates(paths.map(normalizePath));
  if (duplicatePaths.length > 0) {
    throw new ContentError(`Content file ${file}: paths used more than once: ${duplicatePaths.join(', ')}.`);
  }
  return flat;
}

interface LanguageContent {
  pages: PagesFile;
  faq: FaqFile;
  emergency: EmergencyFile;
  contactCategories: ContactCategoriesFile;
}

function checkLanguage(
  contentDir: string,
  language: ContentLanguage,
  content: LanguageContent,
  flat: FlatPage[],
  reference: LanguageContent | undefined,
): void {
  const file = (name: string): string => path.join(contentDir, language, name);

  const contentKeys = [...new Set(flat.map((page) => page.node.content))];
  const pageKeys = sameIds(Object.keys(content.pages), contentKeys);
  if (pageKeys.missing.length > 0) {
    throw new ContentError(
      `Content file ${file('pages.yaml')} has no copy for: ${pageKeys.missing.join(', ')}.`,
    );
  }
  if (pageKeys.extra.length > 0) {
    throw new ContentError(
      `Content file ${file('pages.yaml')} has copy no page in page-tree.yaml uses: ${pageKeys.extra.join(', ')}.`,
    );
  }

  const categoryIds = content.faq.categories.map((category) => category.id);
  const duplicateCategories = duplicates(categoryIds);
  if (duplicateCategories.length > 0) {
    throw new ContentError(
      `Content file ${file('faq.yaml')}: category ids used more than once: ${duplicateCategories.join(', ')}.`,
    );
  }
  for (const category of content.faq.categories) {
    const duplicateQuestions = duplicates(category.questions.map((question) => question.id));
    if (duplicateQuestions.length > 0) {
      throw new ContentError(
        `Content file ${file('faq.yaml')}: question ids used more than once in ${category.id}: ${duplicateQuestions.join(', ')}.`,
      );
    }
  }
  const stepIds = content.emergency.steps.map((step) => step.id);
  const duplicateSteps = duplicates(stepIds);
  if (duplicateSteps.length > 0) {
    throw new ContentError(
      `Content file ${file('emergency.yaml')}: step ids used more than once: ${duplicateSteps.join(', ')}.`,
    );
  }

  if (!reference) return;
  // Other languages translate the default one item for item, so that ids in URLs work in every language.
  const mismatch = (name: string, what: string, ids: { missing: string[]; extra: string[] }): void => {
    if (ids.missing.length > 0 || ids.extra.length > 0) {
      const parts = [
        ids.missing.length > 0 ? `missing ${ids.missing.join(', ')}` : '',
        ids.extra.length > 0 ? `not in ${DEFAULT_CONTENT_LANGUAGE}: ${ids.extra.join(', ')}` : '',
      ].filter(Boolean);
      throw new ContentError(
        `Content file ${file(name)}: ${what} differ from ${DEFAULT_CONTENT_LANGUAGE} (${parts.join('; ')}).`,
      );
    }
  };
  mismatch(
    'faq.yaml',
    'FAQ categories',
    sameIds(
      categoryIds,
      reference.faq.categories.map((category) => category.id),
    ),
  );
  for (const category of reference.faq.categories) {
    const translated = content.faq.categories.find((candidate) => candidate.id === category.id);
    mismatch(
      'faq.yaml',
      `questions of ${category.id}`,
      sameIds(
        translated?.questions.map((question) => question.id) ?? [],
        category.questions.map((question) => question.id),
      ),
    );
  }
  mismatch(
    'emergency.yaml',
    'steps',
    sameIds(
      stepIds,
      reference.emergency.steps.map((step) => step.id),
    ),
  );
}

function buildPage(node: PageNode, nodePath: string, pages: PagesFile): PageView {
  const copy = pages[node.content];
  // checkLanguage has already proven that every content key has copy.
  if (!copy) throw new ContentError(`No copy for page content key ${node.content}.`);
  return {
    id: node.id,
    name: copy.name,
    path: nodePath,
    pageTitle: copy.pageTitle,
    pageDescription: copy.pageDescription,
    requiresAuth: node.requiresAuth,
    title: copy.title,
    bodyHtml: copy.bodyHtml,
    pages: node.pages.map((child) => buildPage(child, `${nodePath}/${child.slug}`, pages)),
  };
}

interface LanguageIndex {
  itemsByPath: Map<string, ItemView>;
  pagesById: Map<string, PageView>;
  content: LanguageContent;
}

function indexLanguage(tree: PageTreeFile, content: LanguageContent): LanguageIndex {
  const itemsByPath = new Map<string, ItemView>();
  const pagesById = new Map<string, PageView>();
  const register = (page: PageView): void => {
    itemsByPath.set(normalizePath(page.path), page);
    pagesById.set(page.id, page);
    page.pages.forEach(register);
  };
  for (const root of tree.roots) {
    const pages = root.pages.map((node) => buildPage(node, `${root.path}/${node.slug}`, content.pages));
    itemsByPath.set(normalizePath(root.path), { id: root.id, name: root.name, path: root.path, pages });
    pages.forEach(register);
  }
  return { itemsByPath, pagesById, content };
}

/**
 * Reads and checks every content file under `contentDir` (page-tree.yaml plus, per language,
 * pages.yaml, faq.yaml, emergency.yaml and contact-categories.yaml). Throws a ContentError naming
 * the file on the first problem.
 */
export function loadContent(contentDir: string): ContentStore {
  const treeFile = path.join(contentDir, 'page-tree.yaml');
  const tree = readContentFile(contentDir, 'page-tree.yaml', pageTreeFileSchema);
  const flat = flattenTree(tree, treeFile);

  const indexes = new Map<ContentLanguage, LanguageIndex>();
  let reference: LanguageContent | undefined;
  // The default language comes first so the others can be checked against it.
  for (const language of CONTENT_LANGUAGES) {
    const content: LanguageContent = {
      pages: readContentFile(contentDir, path.join(language, 'pages.yaml'), pagesFileSchema),
      faq: readContentFile(contentDir, path.join(language, 'faq.yaml'), faqFileSchema),
      emergency: readContentFile(contentDir, path.join(language, 'emergency.yaml'), emergencyFileSchema),
      contactCategories: readContentFile(
        contentDir,
        path.join(language, 'contact-categories.yaml'),
        contactCategoriesFileSchema,
      ),
    };
    checkLanguage(contentDir, language, content, flat, reference);
    reference ??= content;
    indexes.set(language, indexLanguage(tree, content));
  }

  const indexFor = (language: ContentLanguage): LanguageIndex => {
    const index = indexes.get(language) ?? indexes.get(DEFAULT_CONTENT_LANGUAGE);
    if (!index) throw new ContentError(`No content loaded for ${language}.`);
    return index;
  };

  return {
    item: (itemPath, language) => indexFor(language).itemsByPath.get(normalizePath(itemPath)) ?? null,
    page: (id, language) => indexFor(language).pagesById.get(normalizeId(id)) ?? null,
    faqCategories: (language) => indexFor(language).content.faq.categories,
    emergency: (language) => indexFor(language).content.emergency,
    contactCategories: (language) => indexFor(language).content.contactCategories.categories,
  };
}

import { resolveLanguage } from './content-store.js';
import type {
  ContactCategoryView,
  ContentStore,
  EmergencyView,
  FaqCategoryView,
  ItemView,
  PageView,
} from './content-store.js';

interface LanguageArgs {
  language?: string | null;
}

/** Resolvers for schema.graphql's Query type; every other field is read straight off the views. */
export function createContentResolvers(store: ContentStore) {
  return {
    Query: {
      item: (_parent: unknown, args: LanguageArgs & { path: string }): ItemView | null =>
        store.item(args.path, resolveLanguage(args.language)),
      page: (_parent: unknown, args: LanguageArgs & { id: string }): PageView | null =>
        store.page(args.id, resolveLanguage(args.language)),
      faqCategories: (_parent: unknown, args: LanguageArgs): FaqCategoryView[] =>
        store.faqCategories(resolveLanguage(args.language)),
      emergency: (_parent: unknown, args: LanguageArgs): EmergencyView =>
        store.emergency(resolveLanguage(args.language)),
      contactCategories: (_parent: unknown, args: LanguageArgs): ContactCategoryView[] =>
        store.contactCategories(resolveLanguage(args.language)),
    },
  };
}

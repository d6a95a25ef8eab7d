import Handlebars from 'handlebars';

/**
 * The api's one HTML escape, for text and for quoted attribute values: Handlebars' own, the one the
 * mail templates' `{{value}}` uses, so a value reads the same in every mail and page the api writes.
 */
export function escapeHtml(text: string): string {
  return Handlebars.Utils.escapeExpression(text);
}

import { START_DATA_ELEMENT_ID } from './start-data-shape';
import type { StartData } from './start-data-shape';

/**
 * The start data the host server put in the page, or undefined (the dev server, an older server, a
 * block that is not valid JSON): the start-up then fetches each part itself. Each part is checked
 * where it is used, as if it had been fetched.
 */
export function readStartData(doc: Document = document): Partial<StartData> | undefined {
  const text = doc.getElementById(START_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Partial<StartData>) : undefined;
  } catch {
    console.warn('The start data of the page is not valid JSON; fetching instead.');
    return undefined;
  }
}

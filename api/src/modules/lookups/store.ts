import type { Db } from '../../db/db.js';

/** The street and city of a house number in a postcode, from the address lookup's table. */
export async function findAddress(
  db: Db,
  postcode: string,
  houseNumber: number,
): Promise<{ street: string; city: string } | undefined> {
  const [row] = await db.query<{ street: string; city: string }>(
    'SELECT street, city FROM postcodes WHERE postcode = $1 AND house_number = $2',
    [postcode, houseNumber],
  );
  return row;
}

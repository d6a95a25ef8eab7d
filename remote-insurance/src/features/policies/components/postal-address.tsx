import type { ReactNode } from 'react';
import type { Policy } from '@portal/contract/domain';

type PostalAddressProps = {
  address: NonNullable<Policy['destinationAddress']>;
  /** A last line under the city, e.g. the country's name. */
  country?: ReactNode;
};

/** A destination address as it is written on an envelope: street and number, postal code and city. */
export function PostalAddress({ address, country }: PostalAddressProps) {
  return (
    <address>
      {address.street} {address.houseNumber}
      {address.houseNumberAddition ? ` ${address.houseNumberAddition}` : ''}
      <br />
      {address.postalCode} {address.city}
      {country ? (
        <>
          <br />
          {country}
        </>
      ) : null}
    </address>
  );
}

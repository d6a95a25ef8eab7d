// The countries as the forms offer them (nationality, country of residence, destination), in the
// reader's language; the list itself is the portal's one getCountries (@portal/shared/get-json).
export { countryOptions } from './lib/country-options';

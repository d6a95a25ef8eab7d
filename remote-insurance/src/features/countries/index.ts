// The countries as the forms offer them (nationality, country of residence, destination).
export { countryOptions, useCountries } from './api/get-countries';

/** @jest-environment jest-fixed-jsdom */
import { screen } from '@testing-library/react';

import { renderWithProviders } from '@portal/testing';
import { ProfileGate } from './profile-gate';

describe('ProfileGate', () => {
  it('should render the content with the profile id of the logged-in student', () => {
    renderWithProviders(
      <ProfileGate loginText="Log in first">{(profileId) => <p>Policies of {profileId}</p>}</ProfileGate>,
      { authState: { authenticated: true, profileId: 'P-1001', username: 'Anna' } },
    );
    expect(screen.getByText('Policies of P-1001')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in first' })).not.toBeInTheDocument();
  });

  it('should link to the login page when nobody is logged in', () => {
    renderWithProviders(<ProfileGate loginText="Log in first">{() => <p>Policies</p>}</ProfileGate>);
    expect(screen.getByRole('link', { name: 'Log in first' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText('Policies')).not.toBeInTheDocument();
  });
});

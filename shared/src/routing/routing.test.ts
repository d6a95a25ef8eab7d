import { paths } from './paths';
import { loginWithRedirect, readRedirect, safeRedirect } from './redirect';

describe('paths', () => {
  it('should build the fixed routes of docs/requirements.md §2', () => {
    expect(paths.login()).toBe('/login');
    expect(paths.fileClaim()).toBe('/service-contact/file-a-claim');
    expect(paths.faqCategory('coverage-abroad')).toBe('/service-contact/faq/coverage-abroad/');
    expect(paths.faqAnswer('coverage-abroad', 'dentist')).toBe(
      '/service-contact/faq/coverage-abroad/dentist',
    );
    expect(paths.resetPassword()).toBe('/resetpassword');
    expect(paths.demoTest()).toBe('/demo-pages/test');
  });

  it('should build the pages beneath a policy', () => {
    expect(paths.policyStartDate('POL-1001-S')).toBe('/insurances/POL-1001-S/start-date');
    expect(paths.policyAddress('a/b')).toBe('/insurances/a%2Fb/address');
  });

  it('should encode the parameters of account links', () => {
    expect(paths.activate('tok en', 'anna@example.com')).toBe('/activate/tok%20en/anna%40example.com');
    expect(paths.setPassword('t', 'a/b')).toBe('/setpassword/t/a%2Fb');
  });
});

describe('redirect helpers', () => {
  it('should build and read a login redirect', () => {
    const login = loginWithRedirect('/invoices?x=1#top');
    expect(login).toBe('/login?redirect=%2Finvoices%3Fx%3D1%23top');
    expect(readRedirect(login.slice(login.indexOf('?')))).toBe('/invoices?x=1#top');
  });

  it('should not redirect to the login page itself', () => {
    expect(loginWithRedirect('/login?redirect=%2Fhome')).toBe('/login');
  });

  it('should refuse targets outside the app', () => {
    expect(safeRedirect('https://evil.example')).toBeUndefined();
    expect(safeRedirect('//evil.example')).toBeUndefined();
    expect(safeRedirect('/\\evil.example')).toBeUndefined();
    expect(readRedirect('?redirect=')).toBeUndefined();
    expect(readRedirect(new URLSearchParams())).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { claimedName, claimedTeamName, emailDomain, issuerAllowed, providerError } from './sso.rules.ts';

describe('sso rules', () => {
  it('takes the domain of an e-mail, lower-cased', () => {
    expect(emailDomain('Ada@Plant.Example.COM')).toBe('plant.example.com');
    expect(emailDomain('no-at-sign')).toBe('');
  });

  it('accepts https issuers, http only where allowed, and nothing with credentials, query or fragment', () => {
    expect(issuerAllowed('https://login.example.com', false)).toBe(true);
    expect(issuerAllowed('http://127.0.0.1:4000', false)).toBe(false);
    expect(issuerAllowed('http://127.0.0.1:4000', true)).toBe(true);
    expect(issuerAllowed('https://user:pw@login.example.com', true)).toBe(false);
    expect(issuerAllowed('https://login.example.com/?x=1', true)).toBe(false);
    expect(issuerAllowed('ftp://login.example.com', true)).toBe(false);
    expect(issuerAllowed('not a url', true)).toBe(false);
  });

  it('reads the team from a string claim or the first string of a list', () => {
    expect(claimedTeamName({ department: ' Assembly ' }, 'department')).toBe('Assembly');
    expect(claimedTeamName({ groups: [3, 'Paint', 'Weld'] }, 'groups')).toBe('Paint');
    expect(claimedTeamName({ department: '' }, 'department')).toBeNull();
    expect(claimedTeamName({ department: 'Assembly' }, null)).toBeNull();
    expect(claimedTeamName({}, 'department')).toBeNull();
  });

  it('names the member from given and family names, else the full name, else the e-mail', () => {
    expect(claimedName({ given_name: 'Ada', family_name: 'Lovelace' }, 'a@x.com')).toEqual({ name: 'Ada', lastName: 'Lovelace' });
    expect(claimedName({ name: 'Grace Brewster Hopper' }, 'g@x.com')).toEqual({ name: 'Grace', lastName: 'Brewster Hopper' });
    expect(claimedName({}, 'alan.turing@x.com')).toEqual({ name: 'alan.turing', lastName: '' });
  });

  it('shows the provider’s refusal on one short line', () => {
    expect(providerError(new URLSearchParams('state=s'))).toBeNull();
    expect(providerError(new URLSearchParams('error=access_denied&error_description=No%0Away'))).toBe('access_denied: No way');
    expect(providerError(new URLSearchParams(`error=x&error_description=${'a'.repeat(500)}`))?.length).toBe(200);
  });
});

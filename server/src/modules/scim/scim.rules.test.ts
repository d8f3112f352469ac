import { describe, expect, it } from 'vitest';
import { applyUserPatch, groupChangeOf, type MemberFields, pageOf, parseEqFilter, ScimError, scimPatchInput } from './scim.rules.ts';

const member: MemberFields = {
  userName: 'ana@plant.example',
  email: 'ana@plant.example',
  givenName: 'Ana',
  familyName: 'Lopez',
  title: null,
  externalId: null,
  active: true,
};
const ops = (operations: unknown[]) => scimPatchInput.parse({ Operations: operations }).Operations;

describe('parseEqFilter', () => {
  it('reads the eq filter identity providers send, attribute names case-insensitive, escaped quotes kept', () => {
    expect(parseEqFilter('userName eq "ana@plant.example"', ['userName'])).toEqual({ attribute: 'userName', value: 'ana@plant.example' });
    expect(parseEqFilter('USERNAME EQ "a\\"b"', ['userName'])).toEqual({ attribute: 'userName', value: 'a"b' });
  });
  it('refuses any other filter with invalidFilter', () => {
    for (const filter of ['userName co "a"', 'emails eq "a"', 'userName eq "a" and active eq true', 'userName eq a'])
      expect(() => parseEqFilter(filter, ['userName'])).toThrow(expect.objectContaining({ status: 400, scimType: 'invalidFilter' }));
  });
});

describe('pageOf', () => {
  it('is 1-based and clamps as RFC 7644 says', () => {
    expect(pageOf({}, 200)).toEqual({ offset: 0, limit: 200, startIndex: 1 });
    expect(pageOf({ startIndex: '0', count: '-3' }, 200)).toEqual({ offset: 0, limit: 0, startIndex: 1 });
    expect(pageOf({ startIndex: '11', count: '1000' }, 200)).toEqual({ offset: 10, limit: 200, startIndex: 11 });
    expect(() => pageOf({ count: 'ten' }, 200)).toThrow(ScimError);
  });
});

describe('applyUserPatch', () => {
  it("applies Entra's path operations (capitalized op names, string booleans)", () => {
    const after = applyUserPatch(
      member,
      ops([
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'Ana.New@Plant.example' },
        { op: 'Replace', path: 'name.familyName', value: 'García' },
        { op: 'Replace', path: 'active', value: 'False' },
      ]),
    );
    expect(after).toMatchObject({ email: 'ana.new@plant.example', familyName: 'García', active: false, userName: 'ana@plant.example' });
    expect(member.active).toBe(true);
  });
  it("applies Okta's value objects without a path", () => {
    expect(applyUserPatch(member, ops([{ op: 'replace', value: { active: false, name: { givenName: 'Anita' } } }]))).toMatchObject({
      active: false,
      givenName: 'Anita',
    });
  });
  it('refuses an unknown op, an attribute it cannot change, a bad e-mail', () => {
    expect(() => ops([{ op: 'move', path: 'active', value: false }])).toThrow();
    expect(() => applyUserPatch(member, ops([{ op: 'replace', path: 'id', value: '7' }]))).toThrow(expect.objectContaining({ scimType: 'noTarget' }));
    expect(() => applyUserPatch(member, ops([{ op: 'replace', path: 'emails[type eq "work"].value', value: 'nope' }]))).toThrow(
      expect.objectContaining({ scimType: 'invalidValue' }),
    );
    expect(() => applyUserPatch(member, ops([{ op: 'replace', path: 'active', value: 'maybe' }]))).toThrow(
      expect.objectContaining({ scimType: 'invalidValue' }),
    );
  });
});

describe('groupChangeOf', () => {
  it('reads Entra and Okta member changes and renames', () => {
    expect(
      groupChangeOf(
        ops([
          { op: 'Add', path: 'members', value: [{ $ref: null, value: '12' }] },
          { op: 'Remove', path: 'members', value: [{ value: '13' }] },
          { op: 'remove', path: 'members[value eq "14"]' },
          { op: 'replace', value: { id: '3', displayName: 'Night shift' } },
        ]),
      ),
    ).toEqual({ add: [12], remove: [13, 14], displayName: 'Night shift' });
    expect(groupChangeOf(ops([{ op: 'replace', path: 'members', value: [{ value: '5' }] }]))).toEqual({ add: [], remove: [], replaceMembers: [5] });
    expect(groupChangeOf(ops([{ op: 'remove', path: 'members' }]))).toEqual({ add: [], remove: [], replaceMembers: [] });
  });
  it('refuses an empty name and an unknown attribute', () => {
    expect(() => groupChangeOf(ops([{ op: 'replace', path: 'displayName', value: ' ' }]))).toThrow(ScimError);
    expect(() => groupChangeOf(ops([{ op: 'add', path: 'owners', value: [] }]))).toThrow(expect.objectContaining({ scimType: 'noTarget' }));
  });
});

import { z } from 'zod';

/**
 * SCIM 2.0 (RFC 7643 resources, RFC 7644 protocol) as pure rules: the resources' shapes, the one filter identity
 * providers send, PATCH operations applied to a member's fields, the error body. No I/O here.
 */

export const SCIM_CONTENT_TYPE = 'application/scim+json';
/** Where the SCIM protocol is served (the identity provider's "tenant URL" / "base URL"). */
export const SCIM_PREFIX = '/scim/v2';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** RFC 7644 3.12's `scimType`s this endpoint answers with. */
export type ScimType = 'uniqueness' | 'invalidFilter' | 'invalidValue' | 'invalidSyntax' | 'noTarget' | 'mutability' | 'tooMany';

/** A refusal in SCIM's own error format (never the API's envelope: identity providers read `status` and `scimType`). */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

export const scimErrorBody = (status: number, detail: string, scimType?: ScimType) => ({
  schemas: [ERROR_SCHEMA],
  status: String(status),
  ...(scimType && { scimType }),
  detail,
});

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => value.length <= 254 && EMAIL_SHAPE.test(value);

/** SCIM's booleans: Entra has sent `"False"` as a string in PATCH values, so the words are read too. */
const scimBoolean = z.union([z.boolean(), z.enum(['true', 'false', 'True', 'False']).transform((v) => v.toLowerCase() === 'true')]);

const emailValue = z.object({ value: z.string().trim().max(254), type: z.string().optional(), primary: scimBoolean.optional() });

/** A User as identity providers send it on create and replace (unknown attributes are ignored, as RFC 7644 3.3 allows). */
export const scimUserInput = z.object({
  userName: z.string().trim().min(1).max(255),
  externalId: z.string().max(255).nullish(),
  active: scimBoolean.optional(),
  displayName: z.string().max(200).nullish(),
  title: z.string().max(100).nullish(),
  name: z.object({ givenName: z.string().max(100).nullish(), familyName: z.string().max(100).nullish(), formatted: z.string().nullish() }).nullish(),
  emails: z.array(emailValue).max(10).nullish(),
});
export type ScimUserInput = z.infer<typeof scimUserInput>;

/** A member's fields as SCIM reads and writes them. */
export type MemberFields = {
  userName: string;
  /** Null for a member without e-mail (an employee number instead), whom SCIM lists but never creates. */
  email: string | null;
  givenName: string;
  familyName: string;
  title: string | null;
  externalId: string | null;
  active: boolean;
};

/** The e-mail a SCIM user signs in with: the primary (else first) of `emails`, else the userName when it is one. */
export function memberFieldsOf(input: ScimUserInput, current?: MemberFields): MemberFields & { email: string } {
  const emails = input.emails ?? [];
  const email = (emails.find((e) => e.primary) ?? emails[0])?.value ?? (isEmail(input.userName) ? input.userName : current?.email);
  if (!email || !isEmail(email)) throw new ScimError(400, 'The user needs an e-mail address: in emails, or as the userName.', 'invalidValue');
  const fromDisplay = (input.displayName ?? '').trim().split(/\s+/);
  const givenName = input.name?.givenName?.trim() || fromDisplay[0] || email.split('@')[0]!.slice(0, 100);
  const familyName = input.name?.familyName?.trim() ?? (fromDisplay.length > 1 ? fromDisplay.slice(1).join(' ') : '');
  return {
    userName: input.userName,
    email: email.toLowerCase(),
    givenName: givenName.slice(0, 100),
    familyName: familyName.slice(0, 100),
    title: input.title?.trim() || null,
    externalId: input.externalId ?? null,
    active: input.active ?? true,
  };
}

/** The one filter identity providers send to find a user or group before creating it: `<attribute> eq "<value>"`. */
export function parseEqFilter(filter: string, attributes: readonly string[]): { attribute: string; value: string } {
  const match = /^\s*([A-Za-z][\w.:]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
  const attribute = match && attributes.find((a) => a.toLowerCase() === match[1]!.toLowerCase());
  if (!match || !attribute) throw new ScimError(400, `Only the filter ${attributes.map((a) => `${a} eq "..."`).join(' or ')} is supported.`, 'invalidFilter');
  return { attribute, value: match[2]!.replace(/\\(.)/g, '$1') };
}

/** startIndex (1-based) and count of a list, clamped as RFC 7644 3.4.2.4 says (below 1 is 1, a negative count is 0). */
export function pageOf(query: { startIndex?: string; count?: string }, maxCount: number): { offset: number; limit: number; startIndex: number } {
  const number = (raw: string | undefined, fallback: number) => {
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n)) throw new ScimError(400, 'startIndex and count are whole numbers.', 'invalidValue');
    return n;
  };
  // Past the last possible row there is nothing: a huge startIndex is clamped rather than handed to the database.
  const startIndex = Math.min(2_147_483_647, Math.max(1, number(query.startIndex, 1)));
  const limit = Math.min(maxCount, Math.max(0, number(query.count, maxCount)));
  return { offset: startIndex - 1, limit, startIndex };
}

const patchOperation = z.object({
  // Entra sends "Replace", "Add", "Remove": op names are case-insensitive.
  op: z.string().transform((op, ctx) => {
    const lower = op.toLowerCase();
    if (lower === 'add' || lower === 'remove' || lower === 'replace') return lower;
    ctx.addIssue({ code: 'custom', message: `Unknown PATCH op "${op}".` });
    return z.NEVER;
  }),
  path: z.string().max(300).optional(),
  value: z.unknown().optional(),
});
export const scimPatchInput = z.object({ schemas: z.array(z.string()).optional(), Operations: z.array(patchOperation).min(1).max(100) });
export type PatchOperation = z.infer<typeof patchOperation>;

const asBoolean = (value: unknown): boolean => {
  const parsed = scimBoolean.safeParse(value);
  if (!parsed.success) throw new ScimError(400, 'active takes true or false.', 'invalidValue');
  return parsed.data;
};
/** A text value of at most `max` characters (the column's width: a longer one is refused, never cut at the database). */
const asText = (value: unknown, attribute: string, max = 255): string => {
  if (typeof value !== 'string') throw new ScimError(400, `${attribute} takes a text value.`, 'invalidValue');
  const text = value.trim();
  if (text.length > max) throw new ScimError(400, `${attribute} takes at most ${max} characters.`, 'invalidValue');
  return text;
};

/** One attribute path (lower case, filters kept) set to a value, on a member's fields. */
function setUserAttribute(fields: MemberFields, path: string, value: unknown): void {
  switch (path) {
    case 'active':
      fields.active = asBoolean(value);
      return;
    case 'username':
      fields.userName = asText(value, 'userName');
      return;
    case 'externalid':
      fields.externalId = value === null ? null : asText(value, 'externalId');
      return;
    case 'title':
      fields.title = value === null ? null : asText(value, 'title', 100) || null;
      return;
    case 'displayname':
      return;
    case 'name.givenname':
      fields.givenName = asText(value, 'name.givenName').slice(0, 100);
      return;
    case 'name.familyname':
      fields.familyName = asText(value, 'name.familyName').slice(0, 100);
      return;
    case 'name.formatted':
      return;
    case 'name': {
      const name = z.object({ givenName: z.string().optional(), familyName: z.string().optional() }).safeParse(value);
      if (!name.success) throw new ScimError(400, 'name takes givenName and familyName.', 'invalidValue');
      if (name.data.givenName !== undefined) fields.givenName = name.data.givenName.trim().slice(0, 100);
      if (name.data.familyName !== undefined) fields.familyName = name.data.familyName.trim().slice(0, 100);
      return;
    }
    case 'emails': {
      const emails = z.array(emailValue).min(1).safeParse(value);
      if (!emails.success) throw new ScimError(400, 'emails takes a list of { value, type, primary }.', 'invalidValue');
      fields.email = ((emails.data.find((e) => e.primary) ?? emails.data[0])!.value ?? '').toLowerCase();
      return;
    }
    // Entra's and Okta's one-email paths: emails[type eq "work"].value (any type: a member has one e-mail).
    default:
      if (/^emails(\[type eq "[^"]*"\])?\.value$/.test(path)) {
        fields.email = asText(value, 'emails.value').toLowerCase();
        return;
      }
      // Attributes this platform does not keep (phone numbers, addresses, enterprise extension): accepted, not stored.
      if (/^(phonenumbers|addresses|nickname|preferredlanguage|locale|timezone|usertype|profileurl|urn:ietf:params:scim:schemas:extension:)/.test(path)) return;
      throw new ScimError(400, `The attribute "${path}" cannot be changed here.`, 'noTarget');
  }
}

/**
 * A User PATCH applied to a copy of the member's fields: `replace` and `add` set, with a `path` or with a value
 * object of attributes (Okta's shape: `{ op: "replace", value: { active: false } }`); `remove` clears what may be empty.
 */
export function applyUserPatch(current: MemberFields, operations: PatchOperation[]): MemberFields {
  const fields = { ...current };
  for (const operation of operations) {
    if (operation.op === 'remove') {
      const path = operation.path?.toLowerCase();
      if (path === 'title') fields.title = null;
      else if (path === 'externalid') fields.externalId = null;
      else if (path === 'name.familyname') fields.familyName = '';
      else throw new ScimError(400, `The attribute "${operation.path ?? ''}" cannot be removed.`, 'noTarget');
      continue;
    }
    if (operation.path) {
      setUserAttribute(fields, operation.path.toLowerCase(), operation.value);
      continue;
    }
    if (typeof operation.value !== 'object' || operation.value === null || Array.isArray(operation.value))
      throw new ScimError(400, 'A PATCH operation without a path takes an object of attributes as its value.', 'invalidValue');
    for (const [attribute, value] of Object.entries(operation.value)) setUserAttribute(fields, attribute.toLowerCase(), value);
  }
  if (fields.email === null)
    throw new ScimError(400, 'This member signs in with an employee number: SCIM changes members who have an e-mail address.', 'invalidValue');
  if (!isEmail(fields.email)) throw new ScimError(400, 'The e-mail address is not valid.', 'invalidValue');
  if (!fields.userName) throw new ScimError(400, 'userName cannot be empty.', 'invalidValue');
  return fields;
}

/** What a Group PATCH does to a team: a new name, and members added or removed (by member id). */
export type GroupChange = { displayName?: string; add: number[]; remove: number[]; replaceMembers?: number[] };

const memberIds = (value: unknown): number[] => {
  const list = z.array(z.object({ value: z.union([z.string(), z.number()]) })).safeParse(Array.isArray(value) ? value : [value]);
  if (!list.success) throw new ScimError(400, 'members takes a list of { value: "<user id>" }.', 'invalidValue');
  return list.data.map((m) => idOf(String(m.value)));
};

/** A resource id from a path or a member reference (0, which matches nothing, when it is not one of ours): 404 where looked up. */
export const idOf = (raw: string): number => {
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  return id <= 2_147_483_647 ? id : 0;
};

/** Members named by a Group PATCH: `add` joins them, `replace` makes them the whole membership, `remove` takes them out. */
function changeMembers(change: GroupChange, op: PatchOperation['op'], ids: number[]): void {
  if (op === 'add') change.add.push(...ids);
  else if (op === 'remove') change.remove.push(...ids);
  else change.replaceMembers = ids;
}

/** The Group PATCH shapes Entra and Okta send: members add/remove (with a path or a `members[value eq "id"]` filter), a rename. */
export function groupChangeOf(operations: PatchOperation[]): GroupChange {
  const change: GroupChange = { add: [], remove: [] };
  for (const { op, path: rawPath, value } of operations) {
    const path = rawPath?.toLowerCase();
    const memberFilter = rawPath ? /^members\[value eq "([^"]*)"\]$/i.exec(rawPath) : null;
    if (memberFilter && op === 'remove') change.remove.push(idOf(memberFilter[1]!));
    // `remove` of `members` without a value empties the group (RFC 7644 3.5.2.2).
    else if (path === 'members' && op === 'remove' && value === undefined) change.replaceMembers = [];
    else if (path === 'members') changeMembers(change, op, memberIds(value));
    else if (path === 'displayname' && op !== 'remove') change.displayName = asText(value, 'displayName');
    else if (path === 'externalid') continue;
    else if (!path && op !== 'remove' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [key, v] of Object.entries(value)) {
        const attribute = key.toLowerCase();
        if (attribute === 'displayname') change.displayName = asText(v, 'displayName');
        else if (attribute === 'members') changeMembers(change, op, memberIds(v));
        else if (attribute !== 'externalid' && attribute !== 'id') throw new ScimError(400, `The attribute "${key}" cannot be changed here.`, 'noTarget');
      }
    } else throw new ScimError(400, `The PATCH operation ${op} ${rawPath ?? ''} is not supported on a group.`, 'noTarget');
  }
  if (change.displayName !== undefined && (change.displayName === '' || change.displayName.length > 100))
    throw new ScimError(400, 'displayName takes 1 to 100 characters.', 'invalidValue');
  return change;
}

export const scimGroupInput = z.object({
  displayName: z.string().trim().min(1).max(100),
  externalId: z.string().max(255).nullish(),
  members: z
    .array(z.object({ value: z.union([z.string(), z.number()]) }))
    .max(10_000)
    .nullish(),
});

const iso = (ms: number) => new Date(ms).toISOString();

export type MemberResource = MemberFields & { id: number; team: { id: number; name: string } | null; createdAt: number; updatedAt: number };

export function userResource(baseUrl: string, m: MemberResource) {
  return {
    schemas: [USER_SCHEMA],
    id: String(m.id),
    ...(m.externalId !== null && { externalId: m.externalId }),
    userName: m.userName,
    name: { givenName: m.givenName, familyName: m.familyName, formatted: `${m.givenName} ${m.familyName}`.trim() },
    displayName: `${m.givenName} ${m.familyName}`.trim(),
    ...(m.title !== null && { title: m.title }),
    emails: m.email === null ? [] : [{ value: m.email, type: 'work', primary: true }],
    active: m.active,
    groups: m.team ? [{ value: String(m.team.id), display: m.team.name, $ref: `${baseUrl}/Groups/${m.team.id}` }] : [],
    meta: { resourceType: 'User', created: iso(m.createdAt), lastModified: iso(m.updatedAt), location: `${baseUrl}/Users/${m.id}` },
  };
}

export type GroupResource = { id: number; name: string; createdAt: number; updatedAt: number; members: { id: number; name: string }[] };

export function groupResource(baseUrl: string, g: GroupResource, withMembers = true) {
  return {
    schemas: [GROUP_SCHEMA],
    id: String(g.id),
    displayName: g.name,
    ...(withMembers && { members: g.members.map((m) => ({ value: String(m.id), display: m.name, $ref: `${baseUrl}/Users/${m.id}` })) }),
    meta: { resourceType: 'Group', created: iso(g.createdAt), lastModified: iso(g.updatedAt), location: `${baseUrl}/Groups/${g.id}` },
  };
}

export const listResponse = <T>(resources: T[], totalResults: number, startIndex: number) => ({
  schemas: [LIST_SCHEMA],
  totalResults,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});

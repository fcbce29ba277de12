import type { IDataObject, ResourceMapperField } from 'n8n-workflow';

import type { ParticipantVariables, VariableKind } from './variables';

/**
 * A template's roles: TRATO shows a template's participants (each with its label, the role, e.g. "Landlord") and
 * their variables only on a contract made from it (spec 4.5). Create From Template and Send names its signers by
 * role and fills the variables of each role; the resource mapper's fields carry role and variable in their ids.
 */

/** One role of a template: one participant of a contract made from it. */
export interface TemplateRole {
	/** Its label, or "<label> (2)", "(3)"… for a later participant with the same label. */
	key: string;
	/** The participant on the contract the roles were read from (absent when read from the mapper's fields). */
	participantId?: string;
	/** A legal entity (known from the participant record, 4.7, or the mapper's Representative field). */
	legal?: boolean;
	variables: Array<{ reference: string; name: string; kind: VariableKind }>;
}

/** The role keys of participants in their order: a label once, then "<label> (2)"…; no label: "Participant N". */
export function roleKeys(labels: string[]): string[] {
	const seen = new Map<string, number>();
	return labels.map((raw, index) => {
		const label = raw.trim() || `Participant ${index + 1}`;
		const count = (seen.get(label) ?? 0) + 1;
		seen.set(label, count);
		return count === 1 ? label : `${label} (${count})`;
	});
}

/** The roles of a contract from its variables listing (4.5), with each participant's ID. */
export function rolesOf(
	participants: ParticipantVariables[],
	legal: ReadonlySet<string> = new Set(),
): TemplateRole[] {
	const keys = roleKeys(participants.map((p) => p.label));
	return participants.map((p, index) => ({
		key: keys[index],
		participantId: p.participantId,
		legal: legal.has(p.participantId),
		variables: p.variables.map((v) => ({ reference: v.reference, name: v.name, kind: v.kind })),
	}));
}

/** The signer fields of a role, in the mapper and in the other input modes. */
export const SIGNER_FIELDS = ['name', 'lastName', 'email', 'phone', 'representative'] as const;
export type SignerField = (typeof SIGNER_FIELDS)[number];

/** A mapper field's id: `signer|<role>|<field>` or `<kind>|<role>|<reference>` (kind: text, image, dynamictable). */
export const signerFieldId = (role: string, field: SignerField) => `signer|${role}|${field}`;
export const variableFieldId = (role: string, kind: VariableKind, reference: string) =>
	`${kind}|${role}|${reference}`;

type ParsedId =
	| { kind: 'signer'; role: string; field: SignerField }
	| { kind: VariableKind; role: string; reference: string };

/** A mapper field's id read back (a role label may hold "|": the last "|" ends it), or undefined. */
export function parseFieldId(id: string): ParsedId | undefined {
	const first = id.indexOf('|');
	const last = id.lastIndexOf('|');
	if (first < 0 || last <= first) return undefined;
	const kind = id.slice(0, first);
	const role = id.slice(first + 1, last);
	const rest = id.slice(last + 1);
	if (!role || !rest) return undefined;
	if (kind === 'signer')
		return (SIGNER_FIELDS as readonly string[]).includes(rest)
			? { kind, role, field: rest as SignerField }
			: undefined;
	if (kind === 'text' || kind === 'image' || kind === 'dynamictable')
		return { kind, role, reference: rest };
	return undefined;
}

/** The roles the mapper's fields describe (its stored schema: what the editor read from the template). */
export function rolesFromSchema(schema: ResourceMapperField[]): TemplateRole[] {
	const roles = new Map<string, TemplateRole>();
	const role = (key: string) => {
		if (!roles.has(key)) roles.set(key, { key, variables: [] });
		return roles.get(key)!;
	};
	for (const field of schema) {
		const parsed = parseFieldId(field.id);
		if (!parsed || field.removed) continue;
		if (parsed.kind === 'signer') {
			if (parsed.field === 'representative') role(parsed.role).legal = true;
			else role(parsed.role);
		} else {
			role(parsed.role).variables.push({
				reference: parsed.reference,
				name: field.displayName,
				kind: parsed.kind,
			});
		}
	}
	return [...roles.values()];
}

/** A signer as given, for one role (empty texts for fields not given). */
export type SignerInput = { role: string } & Record<SignerField, string>;

/** What the user gave, whichever input mode: the signers, and the variables (by role, or by reference alone). */
export interface TemplateInput {
	signers: SignerInput[];
	/** Variables given with their role, or with `role` undefined (found by their reference). */
	variables: Array<{ role?: string; reference: string; value: unknown }>;
	/** JSON mode: an object keyed by role (each an object of references) or by reference; read once roles are known. */
	variablesByKey?: IDataObject;
	/** The roles the mapper showed (from its stored schema), when the input comes from the mapper. */
	roles?: TemplateRole[];
}

const text = (value: unknown) =>
	value === null || value === undefined ? '' : String(value as string).trim();

/** A signer from any object with the signer fields (last_name and lastName alike). */
export function signerFrom(role: string, raw: IDataObject): SignerInput {
	return {
		role: role.trim(),
		name: text(raw.name),
		lastName: text(raw.lastName ?? raw.last_name),
		email: text(raw.email),
		phone: text(raw.phone),
		representative: text(raw.representative),
	};
}

/** Whether a mapper value counts as given: not missing, not an empty text. */
const given = (value: unknown) =>
	value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

/** The input held by the mapper: its values by field id, with the roles of its schema. */
export function inputFromMapper(values: IDataObject, schema: ResourceMapperField[]): TemplateInput {
	const roles = rolesFromSchema(schema);
	const signers = new Map<string, IDataObject>(roles.map((r) => [r.key, {}]));
	const variables: TemplateInput['variables'] = [];
	for (const [id, value] of Object.entries(values ?? {})) {
		const parsed = parseFieldId(id);
		if (!parsed || !given(value)) continue;
		if (parsed.kind === 'signer') {
			if (!signers.has(parsed.role)) signers.set(parsed.role, {});
			signers.get(parsed.role)![parsed.field] = value;
		} else {
			variables.push({ role: parsed.role, reference: parsed.reference, value });
		}
	}
	return {
		signers: [...signers.entries()].map(([role, raw]) => signerFrom(role, raw)),
		variables,
		roles,
	};
}

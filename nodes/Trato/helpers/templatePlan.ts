import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { SignerInput, TemplateInput, TemplateRole } from './templateRoles';
import { fail, isEmail } from './validate';
import type { VariableKind } from './variables';
import { object } from './variables';

/**
 * What Create From Template and Send does for each role of the template: its signer, and the variables to set on
 * its participant. Every mismatch between what was given and the template's roles is refused with a sentence that
 * lists the template's roles and variables (what a user or an AI agent needs to fix the input).
 */

export interface RolePlan {
	role: TemplateRole;
	signer: SignerInput;
	variables: Array<{ reference: string; kind: VariableKind; value: unknown }>;
}

/** "Landlord" (variables: lessor_name, property_address), "Tenant" (no variables). */
export function describeRoles(roles: TemplateRole[]): string {
	return roles
		.map(
			(r) =>
				`"${r.key}"${r.legal ? ' (legal entity)' : ''} (${
					r.variables.length
						? `variables: ${r.variables.map((v) => v.reference).join(', ')}`
						: 'no variables'
				})`,
		)
		.join(', ');
}

const smsTypes = ['sms', 'email-sms'];

/** The signers' own fields, checked before any request (their roles are checked once the template is known). */
export function checkSigners(
	ctx: IExecuteFunctions,
	itemIndex: number,
	signers: SignerInput[],
	notificationType: string | undefined,
): void {
	if (!signers.some((signer) => signer.name || signer.email))
		fail(
			ctx,
			itemIndex,
			'No signer is given',
			'Name a signer (Name and Email) for every role of the template; with Input Mode JSON, check that Signers (JSON) is an object keyed by role, e.g. {"Landlord": {"name": "Jane Doe", "email": "jane@example.com"}}.',
		);
	const seen = new Set<string>();
	for (const signer of signers) {
		const who = `The signer of "${signer.role}"`;
		if (!signer.role)
			fail(
				ctx,
				itemIndex,
				'A signer has no Role',
				"Enter the role of every signer: the participant's label in the template, e.g. Landlord.",
			);
		if (seen.has(signer.role))
			fail(
				ctx,
				itemIndex,
				`The role "${signer.role}" is given two signers`,
				'Give each role one signer. A template with two participants of the same label names the second one "<label> (2)".',
			);
		seen.add(signer.role);
		if (!signer.name && !signer.email) continue; // a role without a signer: said with the template's roles
		if (!signer.name)
			fail(
				ctx,
				itemIndex,
				`${who} has no Name`,
				'Enter the name of the person or company who signs.',
			);
		if (!isEmail(signer.email))
			fail(
				ctx,
				itemIndex,
				signer.email
					? `${who}: Email "${signer.email}" is not a valid email address`
					: `${who} has no Email`,
				'Use an address such as ana@example.com.',
			);
		if (notificationType && smsTypes.includes(notificationType) && !signer.phone)
			fail(
				ctx,
				itemIndex,
				`${who} has no Phone`,
				`Notification Type "${notificationType}" sends SMS: give every signer a mobile number with country code, e.g. +525512345678.`,
			);
	}
}

/** Whether a value is a role's object of variables (not a dynamic table's {headers, rows}). */
const isRoleObject = (value: unknown) =>
	value !== null &&
	typeof value === 'object' &&
	!Array.isArray(value) &&
	!('headers' in (value as IDataObject)) &&
	!('rows' in (value as IDataObject));

/**
 * The plan for `roles`: every role has exactly one signer, every signer a role of the template, every variable a
 * reference of its role (or, given without a role, of exactly one role).
 */
export function planTemplate(
	ctx: IExecuteFunctions,
	itemIndex: number,
	input: TemplateInput,
	roles: TemplateRole[],
): RolePlan[] {
	const theirs = `The template's roles: ${describeRoles(roles)}.`;
	const byKey = new Map(roles.map((r) => [r.key, r]));
	const signers = new Map<string, SignerInput>();
	for (const signer of input.signers) {
		if (!byKey.has(signer.role))
			fail(ctx, itemIndex, `The template has no role "${signer.role}"`, theirs);
		if (signer.name || signer.email) signers.set(signer.role, signer);
	}
	const missing = roles.filter((r) => !signers.has(r.key)).map((r) => `"${r.key}"`);
	if (missing.length)
		fail(
			ctx,
			itemIndex,
			`No signer for the role${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
			`Every role of the template needs a signer (Name and Email). ${theirs}`,
		);

	const wanted = [...input.variables];
	for (const [key, value] of Object.entries(input.variablesByKey ?? {})) {
		if (byKey.has(key) && isRoleObject(value)) {
			for (const [reference, inner] of Object.entries(object(value)))
				wanted.push({ role: key, reference, value: inner });
		} else {
			wanted.push({ reference: key, value });
		}
	}
	const plans = new Map<string, RolePlan>(
		roles.map((r) => [r.key, { role: r, signer: signers.get(r.key)!, variables: [] }]),
	);
	for (const { role, reference, value } of wanted) {
		let owner: TemplateRole | undefined;
		if (role !== undefined) {
			owner = byKey.get(role);
			if (!owner) fail(ctx, itemIndex, `The template has no role "${role}"`, theirs);
			if (!owner.variables.some((v) => v.reference === reference))
				fail(ctx, itemIndex, `The role "${role}" has no variable "${reference}"`, theirs);
		} else {
			const owners = roles.filter((r) => r.variables.some((v) => v.reference === reference));
			if (owners.length === 0)
				fail(ctx, itemIndex, `The template has no variable "${reference}"`, theirs);
			if (owners.length > 1)
				fail(
					ctx,
					itemIndex,
					`The variable "${reference}" belongs to several roles (${owners.map((o) => `"${o.key}"`).join(', ')})`,
					'Give it under its role, e.g. {"<role>": {"<reference>": "<value>"}}, or with its Role in "Define Below".',
				);
			owner = owners[0];
		}
		const plan = plans.get(owner.key)!;
		if (plan.variables.some((v) => v.reference === reference))
			fail(
				ctx,
				itemIndex,
				`The variable "${reference}" of "${owner.key}" is given twice`,
				'Give each variable once.',
			);
		const kind = owner.variables.find((v) => v.reference === reference)!.kind;
		plan.variables.push({ reference, kind, value });
	}
	return [...plans.values()];
}

/** The body of Update participant (4.8) for a signer: TRATO's participant has one name field (api-notes N37). */
export function signerBody(signer: SignerInput): IDataObject {
	const body: IDataObject = {
		name: [signer.name, signer.lastName].filter((part) => part).join(' '),
		email: signer.email,
	};
	if (signer.phone) body.phone = signer.phone;
	if (signer.representative) body.representative = signer.representative;
	return body;
}

import type { IDataObject, IExecuteFunctions, ResourceMapperField } from 'n8n-workflow';

import { inputFromMapper, signerFrom, type TemplateInput } from './templateRoles';
import { fail } from './validate';
import { object } from './variables';

/** The signers and variables of Create From Template and Send, read from the chosen Input Mode. */

/** A JSON parameter as a value: an object or array from an expression, or JSON text (empty text: `empty`). */
function json(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
	example: string,
): unknown {
	const raw = ctx.getNodeParameter(name, itemIndex, '') as unknown;
	if (typeof raw !== 'string') return raw ?? {};
	if (!raw.trim()) return {};
	try {
		return JSON.parse(raw) as unknown;
	} catch (error) {
		return fail(
			ctx,
			itemIndex,
			`${label} is not valid JSON`,
			`${(error as Error).message}. Write it like ${example}.`,
		);
	}
}

const SIGNERS_EXAMPLE =
	'{"Landlord": {"name": "Jane", "lastName": "Doe", "email": "jane@example.com"}}';
const VARIABLES_EXAMPLE = '{"Landlord": {"lessor_name": "Jane Doe"}}';

/** Signers (JSON): an object keyed by role, each with the signer's fields. */
function signersFromJson(ctx: IExecuteFunctions, itemIndex: number): TemplateInput['signers'] {
	const value = json(ctx, itemIndex, 'signersJson', 'Signers (JSON)', SIGNERS_EXAMPLE);
	const byRole = object(value);
	const bad = Object.entries(byRole).find(([, raw]) => object(raw) !== raw);
	if (object(value) !== value || bad)
		fail(
			ctx,
			itemIndex,
			bad
				? `Signers (JSON): the signer of "${bad[0]}" is not an object`
				: 'Signers (JSON) must be an object keyed by role',
			`Write it like ${SIGNERS_EXAMPLE}.`,
		);
	return Object.entries(byRole).map(([role, raw]) => signerFrom(role, raw as IDataObject));
}

export function readTemplateInput(ctx: IExecuteFunctions, itemIndex: number): TemplateInput {
	const mode = ctx.getNodeParameter('inputMode', itemIndex, 'mapper') as string;
	if (mode === 'json') {
		const variables = json(ctx, itemIndex, 'variablesJson', 'Variables (JSON)', VARIABLES_EXAMPLE);
		if (variables === null || typeof variables !== 'object' || Array.isArray(variables))
			fail(
				ctx,
				itemIndex,
				'Variables (JSON) must be an object',
				`Key it by role or by variable reference, like ${VARIABLES_EXAMPLE} or {"lessor_name": "Jane Doe"}.`,
			);
		return {
			signers: signersFromJson(ctx, itemIndex),
			variables: [],
			variablesByKey: variables as IDataObject,
		};
	}
	if (mode === 'pairs') {
		const entries = (path: string) =>
			(ctx.getNodeParameter(path, itemIndex, []) as IDataObject[] | null) ?? [];
		return {
			signers: entries('signers.signer').map((s) => signerFrom(String(s.role ?? ''), s)),
			variables: entries('variables.variable').map((v, i) => {
				const reference = String(v.reference ?? '').trim();
				if (!reference)
					fail(
						ctx,
						itemIndex,
						`Variable ${i + 1} has no Reference`,
						"Enter the variable's reference as the template names it, e.g. lessor_name.",
					);
				const role = String(v.role ?? '').trim();
				return { role: role || undefined, reference, value: v.value };
			}),
		};
	}
	const mapper = object(ctx.getNodeParameter('templateFields', itemIndex, {}));
	const schema = (Array.isArray(mapper.schema) ? mapper.schema : []) as ResourceMapperField[];
	const values = object(ctx.getNodeParameter('templateFields.value', itemIndex, {}));
	if (schema.length === 0)
		fail(
			ctx,
			itemIndex,
			"The template's fields were not loaded",
			'Choose the template from the list (a fixed value) and open "Template Fields" once, or set Input Mode to "Define Below" or "JSON" (the template is an expression, or no contract has been made from it yet).',
		);
	return inputFromMapper(values, schema);
}

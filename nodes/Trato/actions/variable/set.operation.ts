import type { IDataObject, IExecuteFunctions, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { setVariablesFields } from '../../descriptions/variables';
import { fail, requireId } from '../../helpers/validate';
import { VariablesBody } from '../../helpers/variablesBody';
import type { VariableKind } from '../../helpers/variables';
import { getVariables, request } from '../../transport';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Set',
	value: 'set',
	description: 'Fill the variables (text, image, table) of a participant',
	action: 'Fill template variables of participant',
};

export const description = updateDisplayOptions(
	{ show: { resource: ['variable'], operation: ['set'] } },
	setVariablesFields,
);

const entries = (ctx: IExecuteFunctions, itemIndex: number, path: string): IDataObject[] =>
	(ctx.getNodeParameter(path, itemIndex, []) as IDataObject[]) ?? [];

/** Mapper values: the form's fields, or the input item's fields named like a variable reference (auto-map). */
async function fromMapper(
	this: IExecuteFunctions,
	itemIndex: number,
	contractId: string,
	participantId: string,
	out: VariablesBody,
) {
	const auto =
		this.getNodeParameter('columns.mappingMode', itemIndex, 'defineBelow') === 'autoMapInputData';
	const source = auto
		? this.getInputData()[itemIndex].json
		: ((this.getNodeParameter('columns.value', itemIndex, {}) as IDataObject | null) ?? {});
	const given = Object.entries(source).filter(([, value]) => value !== null && value !== undefined);
	if (given.length === 0 && entries(this, itemIndex, 'tables.table').length === 0) {
		fail(
			this,
			itemIndex,
			auto ? 'The input item has no field' : 'No variable to set',
			'Fill in at least one variable, or add a dynamic table.',
		);
	}
	if (given.length === 0) return;
	// The kind of each variable (text or image) decides how its value is read, so read the participant's variables.
	const variables = await getVariables.call(this, contractId, itemIndex);
	const participant = variables.participants.find((p) => p.participantId === participantId);
	if (!participant) {
		fail(
			this,
			itemIndex,
			`Contract ${contractId} has no participant ${participantId}`,
			'Choose the participant from the list.',
		);
	}
	const kinds = new Map<string, VariableKind>(
		participant.variables.map((v) => [v.reference, v.kind]),
	);
	const known = `Its variables: ${[...kinds.keys()].join(', ') || 'none'}.`;
	for (const [reference, value] of given) {
		const kind = kinds.get(reference);
		if (kind === 'image') await out.image(reference, value);
		else if (kind === 'dynamictable') out.tableJson(reference, value);
		else if (kind === 'text') out.text(reference, value);
		else if (!auto) {
			fail(
				this,
				itemIndex,
				`The participant has no variable "${reference}"`,
				`${known} Open "Variables" and refresh the list (the contract may come from another template).`,
			);
		}
	}
	if (
		auto &&
		Object.keys(out.body).length === 0 &&
		entries(this, itemIndex, 'tables.table').length === 0
	) {
		fail(
			this,
			itemIndex,
			'No input field is named like a variable of this participant',
			`${known} Rename the input fields, or map each variable.`,
		);
	}
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const participantId = requireId(this, itemIndex, 'participantId', 'Participant');
	const mode = this.getNodeParameter('inputMode', itemIndex, 'mapper') as string;
	const out = new VariablesBody(this, itemIndex);
	if (mode === 'json') {
		const raw = this.getNodeParameter('variablesJson', itemIndex, '{}');
		let json: unknown = raw;
		try {
			if (typeof raw === 'string') json = JSON.parse(raw);
		} catch {
			fail(
				this,
				itemIndex,
				'Variables (JSON) is not valid JSON',
				'Enter an object such as {"tenant_name": "Jane Doe"}.',
			);
		}
		if (json === null || typeof json !== 'object' || Array.isArray(json)) {
			fail(
				this,
				itemIndex,
				'Variables (JSON) must be an object',
				'Enter an object whose keys are variable references, such as {"tenant_name": "Jane Doe"}.',
			);
		}
		for (const [reference, value] of Object.entries(json)) out.add(reference, value);
	} else {
		if (mode === 'pairs') {
			for (const v of entries(this, itemIndex, 'textVariables.variable'))
				out.text(v.reference, v.value);
			for (const v of entries(this, itemIndex, 'imageVariables.image'))
				await out.image(v.reference, v.binaryPropertyName);
		} else {
			await fromMapper.call(this, itemIndex, contractId, participantId, out);
		}
		out.tables(entries(this, itemIndex, 'tables.table'));
	}
	const references = Object.keys(out.body);
	if (references.length === 0) {
		fail(
			this,
			itemIndex,
			'No variable to set',
			'Give at least one variable value (or a dynamic table to set or remove).',
		);
	}
	await request.call(
		this,
		'variablesSet',
		{ contractId, participantId },
		{
			body: out.body,
			itemIndex,
			hint: 'Variables can be set only until someone signs the contract; "Variable → Get Many" lists the references of each participant.',
		},
	);
	return { contractId, participantId, set: references };
}

import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { FILE_SLOT } from '../../helpers/jsonBodyWithFile';
import { requireCreatedId } from '../../helpers/answers';
import { requireId, templateIdHint } from '../../helpers/validate';
import {
	documentSourceField,
	fileUrlField,
	fileUrlMaxSizeOption,
	inputBinaryField,
	wordConversionNotice,
	optionsCollection,
	templateIdLocator,
} from '../../descriptions/common';
import { request, webApp } from '../../transport';
import { type DocumentSource, sourceBody } from './documentSource';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	description: 'Create a contract from a template, a PDF or a Word file',
	action: 'Create draft contract from template or file',
};

const properties: INodeProperties[] = [
	documentSourceField,
	{
		...templateIdLocator,
		description:
			'The template the contract is made from. TRATO needs one also for a contract made from a PDF or Word file ("Template ID is required to create a new contract when the source is a template or document"). Pick it from the list, or copy its ID from the templates page of the TRATO web app.',
	},
	{ ...inputBinaryField, displayOptions: { show: { source: ['pdf', 'word'] } } },
	fileUrlField,
	wordConversionNotice,
	optionsCollection(fileUrlMaxSizeOption),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contract'], operation: ['create'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const source = this.getNodeParameter('source', itemIndex) as 'template' | DocumentSource;
	// TRATO refuses a creation without a template ID whatever the source (trato-notes "Error answers")
	const hint = templateIdHint(await webApp.call(this));
	const templateId = requireId(
		this,
		itemIndex,
		'templateId',
		'Template',
		source === 'template'
			? hint
			: `TRATO needs a template also for a contract made from a ${{ pdf: 'PDF', word: 'Word', url: 'PDF or Word' }[source]} file (it answers "Template ID is required to create a new contract when the source is a template or document."). ${hint}`,
	);
	let body: IDataObject | Buffer;
	const echo: IDataObject = { source, templateId };
	if (source === 'template') {
		body = { source: 'template', templateid: templateId };
	} else {
		const file = await sourceBody(this, itemIndex, source, (type) => ({
			body: { source: 'document', templateid: templateId, document: { type, data: FILE_SLOT } },
		}));
		body = file.body;
		if (file.fileName) echo.fileName = file.fileName;
		if (source === 'url') echo.documentType = file.type;
	}
	const response = await request.call(
		this,
		'contractCreate',
		{},
		{
			body,
			headers: Buffer.isBuffer(body) ? { 'Content-Type': 'application/json' } : undefined,
			itemIndex,
			hint: 'Check that the template exists in this TRATO account.',
		},
	);
	// the spec's `contractid`, or TRATO's `contract._id` (api-notes P1)
	return { contractId: requireCreatedId(this, itemIndex, response), ...echo, ...response };
}

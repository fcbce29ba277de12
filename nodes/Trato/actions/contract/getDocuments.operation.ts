import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { firstText, PARTICIPANT_ID_KEYS } from '../../helpers/answers';
import { fileFacts, fileNameFromUrl, requireFieldName } from '../../helpers/files';
import { requireId } from '../../helpers/validate';
import { contractIdLocator, maxFileSizeOption, optionsCollection } from '../../descriptions/common';
import { signedFileFields } from '../../descriptions/signedFiles';
import {
	download as downloadFile,
	readSignedDocuments,
	type SignedFileFields,
} from '../../transport';
import { readSignedFileFields } from './signedFiles';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Get Signed Documents',
	value: 'getDocuments',
	description: 'Get the signed contract, NOM-151 certificate and videos, optionally as files',
	action: 'Get signed PDF and NOM-151 certificate',
};

const properties: INodeProperties[] = [
	contractIdLocator,
	...signedFileFields("the signed contract, the NOM-151 certificate and the participants' videos"),
	{
		displayName: 'Video Field Prefix',
		name: 'videoBinaryPrefix',
		type: 'string',
		default: 'video_',
		required: true,
		displayOptions: { show: { downloadFiles: [true] } },
		description:
			"Prefix of the output binary fields for the participants' declaration videos, numbered in participant order: video_1, video_2, …",
	},
	optionsCollection(
		{ ...maxFileSizeOption, displayOptions: { show: { '/downloadFiles': [true] } } },
		{
			displayName: 'Partially Signed Documents',
			name: 'partial',
			type: 'boolean',
			default: false,
			description:
				'Whether to get the documents as signed so far when not every participant has signed yet (at least one must have signed)',
		},
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contract'], operation: ['getDocuments'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const contractId = requireId(this, itemIndex, 'contractId', 'Contract');
	const partial = this.getNodeParameter('options.partial', itemIndex, false) as boolean;
	const downloadFiles = this.getNodeParameter('downloadFiles', itemIndex, false) as boolean;
	let download: SignedFileFields | undefined;
	let videoPrefix = '';
	if (downloadFiles) {
		videoPrefix = requireFieldName(this, itemIndex, 'videoBinaryPrefix', 'Video Field Prefix');
		const escaped = videoPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
		const videoField = new RegExp(`^${escaped}\\d+$`);
		download = readSignedFileFields(this, itemIndex, (f) => videoField.test(f));
	}

	const read = await readSignedDocuments.call(this, contractId, {
		partial,
		itemIndex,
		hint: partial
			? 'Partially signed documents exist once at least one participant has signed.'
			: 'Signed documents exist once every participant has signed. Turn on the option "Partially Signed Documents" to get the documents signed so far.',
		download,
	});
	if (read.failure) throw read.failure.error;
	const record = read.record ?? {};
	const documents = (record.documents ?? {}) as IDataObject;
	const participants = (
		Array.isArray(record.participants) ? record.participants : []
	) as IDataObject[];
	const json: IDataObject = { contractId, name: record.name, partial, documents };
	json.participants = participants.map((participant) => {
		// the spec's `participantid`, or TRATO's record `_id` (api-notes P1)
		const rest = { ...participant };
		for (const key of PARTICIPANT_ID_KEYS) delete rest[key];
		return { participantId: firstText(participant, PARTICIPANT_ID_KEYS), ...rest };
	});
	if (!download) return [{ json }];

	// the signed contract and the certificate read above, then each participant's declaration video
	const binary = { ...read.binary };
	const binaryFields: IDataObject = { ...read.binaryFields };
	const videos: string[] = [];
	for (const [n, participant] of (json.participants as IDataObject[]).entries()) {
		const url = participant.video;
		if (typeof url !== 'string' || !url) continue;
		const field = `${videoPrefix}${n + 1}`;
		binary[field] = await downloadFile.call(this, url, {
			itemIndex,
			fileName: fileNameFromUrl(url, `${participant.participantId ?? n + 1}-declaration.webm`),
			maxBytes: download.maxBytes,
		});
		participant.videoField = field;
		videos.push(field);
	}
	if (videos.length) binaryFields.videos = videos;
	json.binaryFields = binaryFields;
	json.files = Object.entries(binary).map(([field, file]) => fileFacts(field, file));
	return [{ json, binary }];
}

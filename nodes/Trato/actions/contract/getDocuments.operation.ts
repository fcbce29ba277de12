import type {
	IBinaryData,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { fileFacts, fileNameFromUrl, maxFileBytes, requireFieldName } from '../../helpers/files';
import { fail, requireId } from '../../helpers/validate';
import { contractIdLocator, maxFileSizeOption, optionsCollection } from '../../descriptions/common';
import { download, request } from '../../transport';

const showWhenDownloading = { show: { downloadFiles: [true] } };

const properties: INodeProperties[] = [
	contractIdLocator,
	{
		displayName: 'Download Files',
		name: 'downloadFiles',
		type: 'boolean',
		default: false,
		description:
			"Whether to download the signed contract, the NOM-151 certificate and the participants' videos as files on the output item, instead of returning only their addresses",
	},
	{
		displayName: 'Put Contract in Field',
		name: 'contractBinaryField',
		type: 'string',
		default: 'data',
		required: true,
		displayOptions: showWhenDownloading,
		description: 'Name of the output binary field for the signed contract PDF',
	},
	{
		displayName: 'Put Certificate in Field',
		name: 'certificateBinaryField',
		type: 'string',
		default: 'certificate',
		required: true,
		displayOptions: showWhenDownloading,
		description:
			'Name of the output binary field for the NOM-151 certificate PDF (only present when the contract was configured with "Include NOM-151 Certificate" on)',
	},
	{
		displayName: 'Video Field Prefix',
		name: 'videoBinaryPrefix',
		type: 'string',
		default: 'video_',
		required: true,
		displayOptions: showWhenDownloading,
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
	let fields = { contract: '', certificate: '', video: '' };
	let maxBytes = 0;
	if (downloadFiles) {
		maxBytes = maxFileBytes(this, itemIndex);
		fields = {
			contract: requireFieldName(this, itemIndex, 'contractBinaryField', 'Put Contract in Field'),
			certificate: requireFieldName(
				this,
				itemIndex,
				'certificateBinaryField',
				'Put Certificate in Field',
			),
			video: requireFieldName(this, itemIndex, 'videoBinaryPrefix', 'Video Field Prefix'),
		};
		const videoField = new RegExp(`^${fields.video.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\d+$`);
		if (
			fields.contract === fields.certificate ||
			[fields.contract, fields.certificate].some((f) => videoField.test(f))
		) {
			fail(
				this,
				itemIndex,
				'Two downloaded files would go to the same binary field',
				'Give the contract, the certificate and the videos different field names.',
			);
		}
	}

	const record = await request.call(
		this,
		'contractDocuments',
		{ contractId },
		{
			qs: { partial },
			itemIndex,
			hint: partial
				? 'Partially signed documents exist once at least one participant has signed.'
				: 'Signed documents exist once every participant has signed. Turn on the option "Partially Signed Documents" to get the documents signed so far.',
		},
	);
	const documents = (record.documents ?? {}) as IDataObject;
	const participants = (
		Array.isArray(record.participants) ? record.participants : []
	) as IDataObject[];
	const json: IDataObject = { contractId, name: record.name, partial, documents };
	json.participants = participants.map(({ participantid, ...rest }) => ({
		participantId: participantid,
		...rest,
	}));
	if (!downloadFiles) return [{ json }];

	const binary: Record<string, IBinaryData> = {};
	const binaryFields: IDataObject = {};
	const attach = async (url: unknown, field: string, fallbackName: string) => {
		if (typeof url !== 'string' || !url) return false;
		binary[field] = await download.call(this, url, {
			itemIndex,
			fileName: fileNameFromUrl(url, fallbackName),
			maxBytes,
		});
		return true;
	};
	if (await attach(documents.signed_contract, fields.contract, `${contractId}-signed.pdf`)) {
		binaryFields.signedContract = fields.contract;
	}
	if (
		await attach(
			documents.signed_certificate,
			fields.certificate,
			`${contractId}-nom151-certificate.pdf`,
		)
	) {
		binaryFields.certificate = fields.certificate;
	}
	const outParticipants = json.participants as IDataObject[];
	const videos: string[] = [];
	for (const [n, participant] of outParticipants.entries()) {
		const field = `${fields.video}${n + 1}`;
		if (
			await attach(
				participant.video,
				field,
				`${participant.participantId ?? n + 1}-declaration.webm`,
			)
		) {
			participant.videoField = field;
			videos.push(field);
		}
	}
	if (videos.length) binaryFields.videos = videos;
	json.binaryFields = binaryFields;
	json.files = Object.entries(binary).map(([field, file]) => fileFacts(field, file));
	return [{ json, binary }];
}

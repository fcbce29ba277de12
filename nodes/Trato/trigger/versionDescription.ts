import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { maxFileSizeOption } from '../descriptions/common';
import { triggerFileFieldOptions } from '../descriptions/signedFiles';
import {
	participantStatusFilter,
	STATUS_FILTER_OPTIONS,
	templateFilter,
} from '../descriptions/listFilters';
import { DEFAULT_MODE, modeOptions, modesWhere } from './modes';
import { SIGNED_SHORTCUT } from './parameters';

const statusOptions = [
	...STATUS_FILTER_OPTIONS,
	{
		name: 'Signed (Any)',
		value: SIGNED_SHORTCUT,
		description:
			'Signed by everyone, whether or not the signed documents were sent yet: Signed or Signed (Sent)',
	},
].sort((a, b) => a.name.localeCompare(b.name));

/** The notice about participant filters, once per filter that can make it apply (displayOptions cannot say "or"; a "/" path reads from the root, which n8n resolves first). */
function participantFilterNotices(events: string[]): INodeProperties[] {
	const set = [{ _cnd: { exists: true as const } }];
	const notice = {
		displayName:
			'With a participant filter, a change that makes a contract stop matching it (for example its participant signs while you filter on "Waiting to Sign") is not reported: the contract just leaves the watched ones. Filter in the workflow instead when you need every change.',
		type: 'notice' as const,
		default: '',
	};
	return [
		{
			...notice,
			name: 'participantFilterNotice',
			displayOptions: { show: { event: events, '/filters.statusParticipant': set } },
		},
		{
			...notice,
			name: 'participantEmailFilterNotice',
			displayOptions: {
				show: { event: events, '/filters.emailParticipant': set },
				hide: { '/filters.statusParticipant': set },
			},
		},
	];
}

const triggerProperties: INodeProperties[] = [
	{
		displayName: 'Trigger On',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		options: modeOptions,
		default: DEFAULT_MODE,
	},
	{
		displayName: 'Statuses',
		name: 'statuses',
		type: 'multiOptions',
		required: true,
		options: statusOptions,
		default: [SIGNED_SHORTCUT],
		description:
			'The workflow starts when a contract enters one of these statuses. Drafts cannot be watched: the API cannot list them by status.',
		displayOptions: { show: { event: modesWhere('watches', 'chosenStatuses') } },
	},
	{
		displayName: 'Also Trigger on New Contracts',
		name: 'includeNewContracts',
		type: 'boolean',
		default: false,
		description: 'Whether to also start the workflow (event "created") when a new contract appears',
		displayOptions: { show: { event: modesWhere('newContracts', 'optional') } },
	},
	// Shown only while a participant filter is set (Participant Status, else Participant Email): one of the two
	...participantFilterNotices(modesWhere('watches', 'everyContract')),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		description:
			'Watch only the contracts that match. Changing a filter starts over from the current state (no events for what already exists).',
		options: [
			{
				displayName: 'Participant Email',
				name: 'emailParticipant',
				type: 'string',
				placeholder: 'e.g. name@example.com',
				default: '',
				description: 'Only contracts with a participant who has this email address',
			},
			participantStatusFilter(
				'Only contracts with a participant in this status (with Participant Email: that participant). A contract that stops or starts matching is treated as leaving or joining the watched contracts.',
			),
			templateFilter,
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Download Signed PDF',
				name: 'downloadSignedPdf',
				type: 'boolean',
				default: false,
				description:
					'Whether to attach the signed PDF, and the NOM-151 certificate when the contract has one, as binary data to events whose new status is signed. It also adds the signed documents record (as Include Signed Documents does).',
			},
			{
				displayName: 'Include Signed Documents',
				name: 'includeDocuments',
				type: 'boolean',
				default: false,
				description:
					"Whether to add the signed documents record (links to the signed PDF, the NOM-151 certificate and the participants' videos) to events whose new status is signed or finalized",
			},
			{
				...maxFileSizeOption,
				description:
					'Largest file (signed PDF or NOM-151 certificate) the trigger downloads, in megabytes (used with Download Signed PDF only). A larger one is not downloaded: the event is still delivered, with the reason in documentsError.',
			},
			{
				displayName: 'Only Contracts Created in the Last (Days)',
				name: 'lookBackDays',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 30,
				description:
					'Watch only contracts created in this many days before each poll. Older contracts are neither listed nor remembered, which makes each poll cheaper. Without this option every contract is watched.',
			},
			...triggerFileFieldOptions,
			{
				displayName: 'Resume Waiting Workflows',
				name: 'resumeWaiting',
				type: 'boolean',
				default: false,
				description:
					'Whether to resume the runs of this n8n that wait at Contract → Wait for Signatures, when this trigger sees their contract reach a final status (signed by everyone, cancelled, rejected, expired): it calls the resume URL the run stored on the contract, then removes it, and adds waitingRuns to the event. It sees only what it watches: Contract Status Changed without filters sees every contract end; Contract Reached a Status with Signed (Any) cannot see a cancellation.',
			},
		],
	},
];

/**
 * The node's description for its version: everything but the identity fields n8n's community lint wants in the
 * node class itself (name, display name, group, icon, subtitle, tool use). The class spreads it.
 */
export const versionDescription = {
	version: 1,
	description:
		'Checks TRATO on a schedule for contract status changes (signed, sent, cancelled, ...). Nothing to set up in TRATO; reports every status change that lasts until the next check, at least once.',
	defaults: { name: 'TRATO Polling Trigger' },
	polling: true,
	inputs: [],
	outputs: [NodeConnectionTypes.Main],
	credentials: [{ name: 'tratoApi', required: true }],
	properties: triggerProperties,
} satisfies Partial<INodeTypeDescription>;

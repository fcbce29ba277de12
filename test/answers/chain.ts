/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (CONTRIBUTING.md → Lint). */
/**
 * The chains a first workflow builds (issue 26): Create With Signers → Get, and Create With Signers → (signed) →
 * Finalize with its files, each step a run of the action node through n8n-core whose input is the previous step's
 * output, and whose contract comes from `{{ $json.contractId }}`, as a user maps it.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import {
	binaryBuffer,
	runNode,
	type CredentialInput,
	type RunNodeResult,
	type TestItem,
} from '../../test-support/harness';
import { byId, fixture, PDF_MIME } from '../helpers/env';

/** The PDF a contract is made from, as an input item (binary field "data"). */
export const pdfItem = (): TestItem => ({
	binary: { data: { data: fixture('lease.pdf'), fileName: 'lease.pdf', mimeType: PDF_MIME } },
});

/**
 * Create With Signers at the newest node version with Source left at its default (the PDF file, 1.1) and TRATO's
 * production settings: links handed out by the caller, NOM-151 stamp.
 */
export const createV2Parameters: INodeParameters = {
	resource: 'contract',
	operation: 'createV2',
	name: 'Contrato de arrendamiento',
	notificationType: 'none',
	showSignLinks: true,
	additionalFields: { stampNom: true },
	signersInputMode: 'fields',
	signers: {
		signer: [
			{ obligation: 'individual', name: 'Ana', lastName: 'López', email: 'ana@example.com' },
			{ obligation: 'individual', name: 'Luis', lastName: 'Pérez', email: 'luis@example.com' },
		],
	},
};

/** One step; its error, if any, fails the test with n8n's message. */
export async function step(
	credentials: CredentialInput,
	parameters: INodeParameters,
	items?: TestItem[],
	typeVersion?: number,
): Promise<RunNodeResult> {
	const result = await runNode({ parameters, credentials, items, typeVersion });
	if (result.error) throw result.error;
	return result;
}

/** The previous step's output items as the next step's input (their JSON). */
export const carry = (previous: RunNodeResult): TestItem[] =>
	previous.items.map((item) => ({ json: item.json }));

/** The next step's contract: the previous step's `contractId`, mapped by expression. */
export const fromPrevious = { contractId: byId('={{ $json.contractId }}') };

/** Finalize with Download Files on (the signed PDF in "data", the certificate in "certificate"). */
export const finalizeParameters: INodeParameters = {
	resource: 'contract',
	operation: 'finalize',
	...fromPrevious,
	downloadFiles: true,
};

/** The bytes of the output item's binary fields, by field. */
export async function filesOf(item: INodeExecutionData): Promise<Record<string, Buffer>> {
	const out: Record<string, Buffer> = {};
	for (const [field, binary] of Object.entries(item.binary ?? {}))
		out[field] = await binaryBuffer(binary);
	return out;
}

export const json = (result: RunNodeResult): IDataObject[] => result.items.map((i) => i.json);

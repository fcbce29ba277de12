import type { INodePropertyOptions } from 'n8n-workflow';
import { contractAction } from './contractAction';

/** Its entry in the resource's Operation menu; `value` is stored in saved workflows. */
export const option: INodePropertyOptions = {
	name: 'Stamp Shield-2 Certificate',
	value: 'stampShield2Certificate',
	description:
		'Stamp a Shield-2 certificate (needs Signature Type "Shield-2 Certificate" and Shield-2 credits)',
	action: 'Stamp paid shield certificate on contract',
};

export const { description, execute } = contractAction({
	operation: 'stampShield2Certificate',
	endpoint: 'shield2Stamp',
	/** Spec 4.25 and api-notes X8. */
	hint: 'Stamping needs the contract configured with Signature Type "Shield-2 Certificate" (Contract → Configure) and Shield-2 credits on the account; a contract is stamped only once, and not when it is cancelled, rejected or expired.',
	flag: 'shield2CertificateStamped',
	notice:
		'Stamping uses one Shield-2 credit of your account. The contract must be configured with Signature Type "Shield-2 Certificate" (Contract → Configure).',
});

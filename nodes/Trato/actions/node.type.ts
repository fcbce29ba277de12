/** Resource and operation values. They are stable identifiers: they are stored in users' workflow JSON. */
export const OPERATIONS = {
	contract: [
		'create',
		'createV2',
		'get',
		'configure',
		'send',
		'getDocuments',
		'sendReminder',
		'archive',
		'cancel',
		'finalize',
		'getAll',
		'downloadPackage',
		'validateNom151',
		'stampShield2Certificate',
		'getMilestones',
	],
	template: ['getAll'],
	signingLink: ['renew'],
	participant: ['get', 'getAll', 'update', 'changeEmail', 'addAttachment'],
	variable: ['getAll', 'set'],
	confidentialAttachment: ['add', 'delete'],
	customProperty: ['create', 'getAll', 'update', 'delete'],
	spectator: ['getAll', 'create', 'update', 'delete'],
} as const;

export type TratoResource = keyof typeof OPERATIONS;
export type OperationOf<R extends TratoResource> = (typeof OPERATIONS)[R][number];

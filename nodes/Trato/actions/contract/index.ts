import { resourceOperations } from '../resourceOperations';
import * as archive from './archive.operation';
import * as cancel from './cancel.operation';
import * as configure from './configure.operation';
import * as create from './create.operation';
import * as createFromTemplate from './createFromTemplate/operation';
import * as createV2 from './createV2/operation';
import * as downloadPackage from './downloadPackage.operation';
import * as finalize from './finalize.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getDocuments from './getDocuments.operation';
import * as getMilestones from './getMilestones.operation';
import * as send from './send.operation';
import * as sendReminder from './sendReminder.operation';
import * as stampShield2Certificate from './stampShield2Certificate.operation';
import * as validateNom151 from './validateNom151.operation';
import * as waitForSignatures from './waitForSignatures/operation';

/** The resource's operations: its Operation menu, its fields and the router's map are built from this list. */
export const { operations, description } = resourceOperations('contract', 'get', [
	archive,
	cancel,
	configure,
	create,
	createFromTemplate,
	createV2,
	downloadPackage,
	finalize,
	get,
	getAll,
	getDocuments,
	getMilestones,
	send,
	sendReminder,
	stampShield2Certificate,
	validateNom151,
	waitForSignatures,
]);

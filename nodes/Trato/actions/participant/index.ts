import { resourceOperations } from '../resourceOperations';
import * as addAttachment from './addAttachment.operation';
import * as changeEmail from './changeEmail.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

/** The resource's operations: its Operation menu, its fields and the router's map are built from this list. */
export const { operations, description } = resourceOperations('participant', 'get', [
	addAttachment,
	changeEmail,
	get,
	getAll,
	update,
]);

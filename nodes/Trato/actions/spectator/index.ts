import { resourceOperations } from '../resourceOperations';
import * as create from './create.operation';
import * as deleteOp from './delete.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

/** The resource's operations: its Operation menu, its fields and the router's map are built from this list. */
export const { operations, description } = resourceOperations('spectator', 'getAll', [
	create,
	deleteOp,
	getAll,
	update,
]);

import { resourceOperations } from '../resourceOperations';
import * as add from './add.operation';
import * as deleteOp from './delete.operation';

/** The resource's operations: its Operation menu, its fields and the router's map are built from this list. */
export const { operations, description } = resourceOperations('confidentialAttachment', 'add', [
	add,
	deleteOp,
]);

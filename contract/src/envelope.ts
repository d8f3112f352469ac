/** Every API answer is one of these two shapes (design.md, "API conventions"). */
export type Success<T> = { success: true; message?: string; data: T };
export type Failure = { success: false; error_messages: string; error_code: number };
export type Envelope<T> = Success<T> | Failure;

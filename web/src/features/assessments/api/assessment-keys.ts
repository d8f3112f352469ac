/** The assessments answers share this key prefix: a start, a submission or an edit reads them again. */
export const assessmentsKey = ['assessments'] as const;
/** What a check follows: a video, or the end of a category. */
export type CheckSubject = { kind: 'video' | 'category'; id: number };
export const memberCheckKey = (subject: CheckSubject) => [...assessmentsKey, 'check', subject.kind, subject.id] as const;
export const bankKey = (videoId: number) => [...assessmentsKey, 'bank', videoId] as const;
export const categoryBankKey = (categoryId: number) => [...assessmentsKey, 'bank', 'category', categoryId] as const;
export const checkResultsKey = (subject: CheckSubject, skip: number) => [...assessmentsKey, 'results', subject.kind, subject.id, skip] as const;

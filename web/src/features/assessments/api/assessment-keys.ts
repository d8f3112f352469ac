/** The assessments answers share this key prefix: a start, a submission or an edit reads them again. */
export const assessmentsKey = ['assessments'] as const;
export const memberCheckKey = (videoId: number) => [...assessmentsKey, 'check', videoId] as const;
export const bankKey = (videoId: number) => [...assessmentsKey, 'bank', videoId] as const;
export const checkResultsKey = (videoId: number, skip: number) => [...assessmentsKey, 'results', videoId, skip] as const;

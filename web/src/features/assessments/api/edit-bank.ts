import { type CheckSettings, type QuestionInput, routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { assessmentsKey } from './assessment-keys.ts';

/** POST /api/assessments/videos/:videoId/questions */
export const addQuestion = ({ videoId, body }: { videoId: number; body: QuestionInput }) =>
  apiRequest(routes.addAssessmentQuestion, { params: { videoId }, body });
/** DELETE /api/assessments/questions/:questionId */
export const deleteQuestion = (questionId: number) => apiRequest(routes.deleteAssessmentQuestion, { params: { questionId } });
/** PUT /api/assessments/videos/:videoId/check */
export const saveCheck = ({ videoId, body }: { videoId: number; body: CheckSettings }) => apiRequest(routes.saveAssessmentCheck, { params: { videoId }, body });

function useBankEdit<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: assessmentsKey }) });
}

export const useAddQuestion = () => useBankEdit(addQuestion);
export const useDeleteQuestion = () => useBankEdit(deleteQuestion);
export const useSaveCheck = () => useBankEdit(saveCheck);

/** POST /api/assessments/images (multipart image): the server re-encodes the picture and answers its address. */
export function uploadQuestionImage(file: File) {
  const form = new FormData();
  form.append('image', file);
  return apiRequest(routes.uploadAssessmentImage, {}, { form });
}
export const useUploadQuestionImage = () => useMutation({ mutationFn: uploadQuestionImage });

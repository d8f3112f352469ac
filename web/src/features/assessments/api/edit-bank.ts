import { type CategoryCheckSettings, type QuestionInput, routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { assessmentsKey, type CheckSubject } from './assessment-keys.ts';

/** POST /api/assessments/videos/:videoId/questions */
export const addQuestion = ({ videoId, body }: { videoId: number; body: QuestionInput }) =>
  apiRequest(routes.addAssessmentQuestion, { params: { videoId }, body });
/** PUT /api/assessments/questions/:questionId: the question's new wording, options, right answers and explanation. */
export const editQuestion = ({ questionId, body }: { questionId: number; body: QuestionInput }) =>
  apiRequest(routes.editAssessmentQuestion, { params: { questionId }, body });
/** DELETE /api/assessments/questions/:questionId */
export const deleteQuestion = (questionId: number) => apiRequest(routes.deleteAssessmentQuestion, { params: { questionId } });
/**
 * PUT /api/assessments/videos/:videoId/check, or /categories/:categoryId/check (whose settings also say whether the
 * category's certificate waits for a pass; a video's check leaves that out).
 */
export async function saveCheck({ subject, body }: { subject: CheckSubject; body: CategoryCheckSettings }) {
  if (subject.kind === 'category') return apiRequest(routes.saveCategoryCheck, { params: { categoryId: subject.id }, body });
  const { required_for_certificate: _videoChecksHaveNone, ...settings } = body;
  return apiRequest(routes.saveAssessmentCheck, { params: { videoId: subject.id }, body: settings });
}

/** POST /api/assessments/videos/:videoId/drafts: questions drafted from the video's captions, as drafts to review. */
export const draftQuestions = (videoId: number) => apiRequest(routes.draftAssessmentQuestions, { params: { videoId } });
/** POST /api/assessments/questions/:questionId/approve: a draft becomes a question an attempt may draw. */
export const approveQuestion = (questionId: number) => apiRequest(routes.approveAssessmentQuestion, { params: { questionId } });

function useBankEdit<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: assessmentsKey }) });
}

export const useAddQuestion = () => useBankEdit(addQuestion);
export const useEditQuestion = () => useBankEdit(editQuestion);
export const useDeleteQuestion = () => useBankEdit(deleteQuestion);
export const useSaveCheck = () => useBankEdit(saveCheck);
export const useDraftQuestions = () => useBankEdit(draftQuestions);
export const useApproveQuestion = () => useBankEdit(approveQuestion);

/** POST /api/assessments/images (multipart image): the server re-encodes the picture and answers its address. */
export function uploadQuestionImage(file: File) {
  const form = new FormData();
  form.append('image', file);
  return apiRequest(routes.uploadAssessmentImage, {}, { form });
}
export const useUploadQuestionImage = () => useMutation({ mutationFn: uploadQuestionImage });

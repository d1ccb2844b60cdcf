// Original file: proto/studio/v1/studio.proto


export interface ApproveReviewRequest {
  'workspace_id'?: (string);
  'review_id'?: (string);
}

export interface ApproveReviewRequest__Output {
  'workspace_id': (string);
  'review_id': (string);
}

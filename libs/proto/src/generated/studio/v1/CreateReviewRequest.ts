// Original file: proto/studio/v1/studio.proto


export interface CreateReviewRequest {
  'workspace_id'?: (string);
  'client_id'?: (string);
  'shoot_id'?: (string);
  /**
   * 1..5
   */
  'rating'?: (number);
  'body'?: (string);
  'author_name'?: (string);
}

export interface CreateReviewRequest__Output {
  'workspace_id': (string);
  'client_id': (string);
  'shoot_id': (string);
  /**
   * 1..5
   */
  'rating': (number);
  'body': (string);
  'author_name': (string);
}

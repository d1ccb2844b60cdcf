// Original file: proto/studio/v1/studio.proto


export interface Review {
  'id'?: (string);
  'workspace_id'?: (string);
  'client_id'?: (string);
  'shoot_id'?: (string);
  'rating'?: (number);
  'body'?: (string);
  'author_name'?: (string);
  /**
   * pending | approved
   */
  'status'?: (string);
  'approved_at'?: (string);
  'created_at'?: (string);
  'updated_at'?: (string);
}

export interface Review__Output {
  'id': (string);
  'workspace_id': (string);
  'client_id': (string);
  'shoot_id': (string);
  'rating': (number);
  'body': (string);
  'author_name': (string);
  /**
   * pending | approved
   */
  'status': (string);
  'approved_at': (string);
  'created_at': (string);
  'updated_at': (string);
}

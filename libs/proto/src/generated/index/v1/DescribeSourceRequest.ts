// Original file: proto/index/v1/index_source.proto


export interface DescribeSourceRequest {
}

export interface DescribeSourceRequest__Output {
}

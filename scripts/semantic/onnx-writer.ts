/**
 * Just enough of ONNX's protobuf encoding to write a small model by hand: tensors, value infos,
 * nodes with integer attributes, a graph and the model around it. Field numbers follow
 * onnx/onnx.proto (ModelProto, GraphProto, NodeProto, TensorProto, ValueInfoProto, TypeProto).
 * No dependency: a message is a list of encoded fields, concatenated.
 */

type Field = Uint8Array;

const textEncoder = new TextEncoder();

function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest > 0x7f) {
    bytes.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return bytes;
}

function intField(field: number, value: number): Field {
  return Uint8Array.from([...varint(field << 3), ...varint(value)]);
}

function bytesField(field: number, data: Uint8Array): Field {
  return Uint8Array.from([...varint((field << 3) | 2), ...varint(data.length), ...data]);
}

function stringField(field: number, text: string): Field {
  return bytesField(field, textEncoder.encode(text));
}

function message(fields: Field[]): Uint8Array {
  const out = new Uint8Array(fields.reduce((sum, field) => sum + field.length, 0));
  let offset = 0;
  for (const field of fields) {
    out.set(field, offset);
    offset += field.length;
  }
  return out;
}

export const FLOAT = 1;
export const INT64 = 7;

export function tensor(name: string, dataType: number, dims: number[], raw: Uint8Array): Field {
  return message([
    ...dims.map((dim) => intField(1, dim)),
    intField(2, dataType),
    stringField(8, name),
    bytesField(9, raw),
  ]);
}

/** A tensor value: dims are fixed sizes or symbolic names ("batch"). */
export function valueInfo(name: string, elemType: number, dims: (number | string)[]): Field {
  const shape = message(
    dims.map((dim) =>
      bytesField(1, typeof dim === 'number' ? intField(1, dim) : stringField(2, dim)),
    ),
  );
  const tensorType = message([intField(1, elemType), bytesField(2, shape)]);
  return message([stringField(1, name), bytesField(2, message([bytesField(1, tensorType)]))]);
}

export function node(
  opType: string,
  inputs: string[],
  outputs: string[],
  intAttributes: Record<string, number> = {},
): Field {
  const attributes = Object.entries(intAttributes).map(([name, value]) =>
    bytesField(5, message([stringField(1, name), intField(3, value), intField(20, 2)])),
  );
  return message([
    ...inputs.map((input) => stringField(1, input)),
    ...outputs.map((output) => stringField(2, output)),
    stringField(3, `${opType.toLowerCase()}_${outputs[0] ?? ''}`),
    stringField(4, opType),
    ...attributes,
  ]);
}

export interface GraphParts {
  name: string;
  nodes: Field[];
  initializers: Field[];
  inputs: Field[];
  outputs: Field[];
}

export function model(graph: GraphParts, opset: number): Uint8Array {
  const graphMessage = message([
    ...graph.nodes.map((entry) => bytesField(1, entry)),
    stringField(2, graph.name),
    ...graph.initializers.map((entry) => bytesField(5, entry)),
    ...graph.inputs.map((entry) => bytesField(11, entry)),
    ...graph.outputs.map((entry) => bytesField(12, entry)),
  ]);
  return message([
    intField(1, 8),
    stringField(2, 'mcp-connector tiny-model script'),
    bytesField(7, graphMessage),
    bytesField(8, message([stringField(1, ''), intField(2, opset)])),
  ]);
}

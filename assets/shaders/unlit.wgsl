// The low graphics setting's one material (src/view/unlit.rs): a colour, times a texture where
// the mesh has texture coordinates, with no light, shadow or tone mapping. What Bevy's standard
// material draws when it is unlit, in a shader a software renderer compiles in a moment.
#import bevy_pbr::forward_io::VertexOutput

struct Unlit {
    color: vec4<f32>,
    // The texture coordinates' transform: the x and y axes, then the offset.
    axes: vec4<f32>,
    offset: vec4<f32>,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> unlit: Unlit;
@group(#{MATERIAL_BIND_GROUP}) @binding(1) var unlit_texture: texture_2d<f32>;
@group(#{MATERIAL_BIND_GROUP}) @binding(2) var unlit_sampler: sampler;

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
    var color = unlit.color;
#ifdef VERTEX_UVS_A
    let uv = unlit.axes.xy * in.uv.x + unlit.axes.zw * in.uv.y + unlit.offset.xy;
    color = color * textureSample(unlit_texture, unlit_sampler, uv);
#endif
#ifdef BLEND_MULTIPLY
    // Multiplied over what is behind, as much as its alpha says (Bevy's blend state for it).
    return vec4<f32>(color.rgb * color.a, color.a);
#else
    return color;
#endif
}

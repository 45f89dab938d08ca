// SPDX-License-Identifier: MIT
#include "renderer.h"

#include "gl_util.h"
#include "meshes.h"

#include <epoxy/gl.h>

#include <cstdio>

static const int kShadowSize = 2048;

static const char* kLitVertex = R"(#version 330 core
layout( location = 0 ) in vec3 aPosition;
layout( location = 1 ) in vec3 aNormal;
uniform mat4 uModel;
uniform mat4 uViewProjection;
uniform mat4 uLightViewProjection;
out vec3 vWorld;
out vec3 vNormal;
out vec4 vLight;
void main()
{
	vec4 world = uModel * vec4( aPosition, 1.0 );
	vWorld = world.xyz;
	// Inverse transpose keeps normals right under the non-uniform scale of boxes.
	vNormal = transpose( inverse( mat3( uModel ) ) ) * aNormal;
	vLight = uLightViewProjection * world;
	gl_Position = uViewProjection * world;
}
)";

static const char* kLitFragment = R"(#version 330 core
in vec3 vWorld;
in vec3 vNormal;
in vec4 vLight;
uniform vec3 uColor;
uniform vec3 uLightDirection;
uniform vec3 uEye;
uniform int uChecker;
uniform float uGridSpacing;
uniform sampler2DShadow uShadow;
out vec4 fragColor;
float Shadow( vec3 n )
{
	vec3 p = vLight.xyz / vLight.w * 0.5 + 0.5;
	if ( p.z > 1.0 || p.x < 0.0 || p.x > 1.0 || p.y < 0.0 || p.y > 1.0 )
		return 1.0;
	// Slope-scaled bias against acne; 3x3 percentage-closer filtering for soft edges.
	float bias = max( 0.0015 * ( 1.0 - dot( n, uLightDirection ) ), 0.0004 );
	vec2 texel = 1.0 / vec2( textureSize( uShadow, 0 ) );
	float lit = 0.0;
	for ( int x = -1; x <= 1; ++x )
		for ( int y = -1; y <= 1; ++y )
			lit += texture( uShadow, vec3( p.xy + vec2( x, y ) * texel, p.z - bias ) );
	return lit / 9.0;
}
void main()
{
	vec3 n = normalize( vNormal );
	if ( !gl_FrontFacing )
		n = -n;
	vec3 albedo = uColor;
	if ( uChecker != 0 )
	{
		// Checker squares of the grid spacing, and grid lines about a pixel wide along every axis
		// that runs in the plane (the axis along the normal would paint the whole plane), faded
		// out where they crowd into fewer than 4 pixels apart near the horizon.
		vec3 g = vWorld / uGridSpacing;
		vec3 width = fwidth( g );
		float near = 1.0 - smoothstep( 0.08, 0.25, max( width.x, max( width.y, width.z ) ) );
		float c = mod( floor( g.x ) + floor( g.y + 0.001 ) + floor( g.z ), 2.0 );
		albedo *= mix( 1.0 - 0.1 * near, 1.0, c );
		vec3 distance = abs( fract( g - 0.5 ) - 0.5 ) / max( width, vec3( 1e-6 ) );
		vec3 line = ( 1.0 - clamp( distance, 0.0, 1.0 ) ) * ( 1.0 - abs( normalize( vNormal ) ) ) * near;
		albedo *= 1.0 - 0.4 * max( line.x, max( line.y, line.z ) );
	}
	float diffuse = max( dot( n, uLightDirection ), 0.0 ) * Shadow( n );
	// Hemisphere ambient: sky from above, a darker bounce from below, so shaded sides differ.
	vec3 ambient = mix( vec3( 0.22, 0.21, 0.20 ), vec3( 0.36, 0.40, 0.46 ), n.y * 0.5 + 0.5 );
	vec3 viewDir = normalize( uEye - vWorld );
	vec3 halfway = normalize( viewDir + uLightDirection );
	float specular = pow( max( dot( n, halfway ), 0.0 ), 48.0 ) * 0.25 * step( 0.001, diffuse );
	vec3 color = albedo * ( ambient + 0.85 * diffuse ) + vec3( specular );
	fragColor = vec4( pow( color, vec3( 1.0 / 2.2 ) ), 1.0 );
}
)";

static const char* kDepthVertex = R"(#version 330 core
layout( location = 0 ) in vec3 aPosition;
uniform mat4 uModel;
uniform mat4 uViewProjection;
void main()
{
	gl_Position = uViewProjection * uModel * vec4( aPosition, 1.0 );
}
)";

static const char* kDepthFragment = R"(#version 330 core
void main()
{
}
)";

static const char* kLineVertex = R"(#version 330 core
layout( location = 0 ) in vec3 aPosition;
layout( location = 1 ) in vec3 aColor;
uniform mat4 uViewProjection;
out vec3 vColor;
void main()
{
	vColor = aColor;
	gl_Position = uViewProjection * vec4( aPosition, 1.0 );
}
)";

static const char* kLineFragment = R"(#version 330 core
in vec3 vColor;
out vec4 fragColor;
void main()
{
	fragColor = vec4( vColor, 1.0 );
}
)";

static void UploadMesh( unsigned* vao, unsigned* vbo, const std::vector<float>& data )
{
	glGenVertexArrays( 1, vao );
	glGenBuffers( 1, vbo );
	glBindVertexArray( *vao );
	glBindBuffer( GL_ARRAY_BUFFER, *vbo );
	glBufferData( GL_ARRAY_BUFFER, (GLsizeiptr)( data.size() * sizeof( float ) ), data.data(), GL_STATIC_DRAW );
	glEnableVertexAttribArray( 0 );
	glVertexAttribPointer( 0, 3, GL_FLOAT, GL_FALSE, 6 * sizeof( float ), nullptr );
	glEnableVertexAttribArray( 1 );
	glVertexAttribPointer( 1, 3, GL_FLOAT, GL_FALSE, 6 * sizeof( float ), (void*)( 3 * sizeof( float ) ) );
	glBindVertexArray( 0 );
}

bool Renderer::Init( char* error, int errorSize )
{
	m_litProgram = BuildProgram( kLitVertex, kLitFragment, error, errorSize );
	m_depthProgram = m_litProgram != 0 ? BuildProgram( kDepthVertex, kDepthFragment, error, errorSize ) : 0;
	m_lineProgram = m_depthProgram != 0 ? BuildProgram( kLineVertex, kLineFragment, error, errorSize ) : 0;
	if ( m_lineProgram == 0 )
	{
		return false;
	}

	std::vector<float> data[Mesh_count];
	BuildSphereMesh( data[Mesh_sphere], 32, 16 );
	BuildBoxMesh( data[Mesh_box] );
	BuildCylinderMesh( data[Mesh_cylinder], 32 );
	BuildGroundMesh( data[Mesh_ground] );
	BuildDiscMesh( data[Mesh_disc], 32 );
	for ( int k = 0; k < Mesh_count; ++k )
	{
		UploadMesh( &m_meshes[k].vao, &m_meshes[k].vbo, data[k] );
		m_meshes[k].vertexCount = (int)( data[k].size() / 6 );
	}

	std::vector<float> empty;
	UploadMesh( &m_lineVao, &m_lineVbo, empty );
	UploadMesh( &m_triangleVao, &m_triangleVbo, empty );

	glGenTextures( 1, &m_shadowTexture );
	glBindTexture( GL_TEXTURE_2D, m_shadowTexture );
	glTexImage2D( GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, kShadowSize, kShadowSize, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
	              nullptr );
	glTexParameteri( GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR );
	glTexParameteri( GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR );
	glTexParameteri( GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE );
	glTexParameteri( GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE );
	glTexParameteri( GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE );
	glTexParameteri( GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL );
	glGenFramebuffers( 1, &m_shadowFramebuffer );
	glBindFramebuffer( GL_FRAMEBUFFER, m_shadowFramebuffer );
	glFramebufferTexture2D( GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, m_shadowTexture, 0 );
	glDrawBuffer( GL_NONE );
	glReadBuffer( GL_NONE );
	bool complete = glCheckFramebufferStatus( GL_FRAMEBUFFER ) == GL_FRAMEBUFFER_COMPLETE;
	glBindFramebuffer( GL_FRAMEBUFFER, 0 );
	if ( complete == false )
	{
		snprintf( error, (size_t)errorSize, "the shadow map framebuffer is incomplete" );
		return false;
	}
	return true;
}

void Renderer::Shutdown()
{
	for ( Mesh& mesh : m_meshes )
	{
		glDeleteBuffers( 1, &mesh.vbo );
		glDeleteVertexArrays( 1, &mesh.vao );
	}
	glDeleteBuffers( 1, &m_lineVbo );
	glDeleteVertexArrays( 1, &m_lineVao );
	glDeleteBuffers( 1, &m_triangleVbo );
	glDeleteVertexArrays( 1, &m_triangleVao );
	glDeleteFramebuffers( 1, &m_shadowFramebuffer );
	glDeleteTextures( 1, &m_shadowTexture );
	glDeleteProgram( m_litProgram );
	glDeleteProgram( m_depthProgram );
	glDeleteProgram( m_lineProgram );
}

void Renderer::Clear()
{
	m_items.clear();
	m_lines.clear();
	m_screenLines.clear();
	m_triangles.clear();
	m_triangleRanges.clear();
}

void Renderer::AddMesh( MeshKind kind, const Mat4f& model, Vec3f color )
{
	m_items.push_back( { model, kind, color } );
}

void Renderer::AddTriangles( const Vec3f* corners, int triangleCount, Vec3f color )
{
	int first = (int)( m_triangles.size() / 6 );
	for ( int t = 0; t < triangleCount; ++t )
	{
		const Vec3f* v = corners + 3 * t;
		Vec3f n = Normalize( Cross( v[1] - v[0], v[2] - v[0] ) );
		for ( int k = 0; k < 3; ++k )
		{
			float vertex[6] = { v[k].x, v[k].y, v[k].z, n.x, n.y, n.z };
			m_triangles.insert( m_triangles.end(), vertex, vertex + 6 );
		}
	}
	m_triangleRanges.push_back( { first, 3 * triangleCount, color } );
}

void Renderer::AddLine( Vec3f a, Vec3f b, Vec3f color )
{
	float v[12] = { a.x, a.y, a.z, color.x, color.y, color.z, b.x, b.y, b.z, color.x, color.y, color.z };
	m_lines.insert( m_lines.end(), v, v + 12 );
}

void Renderer::SetGridSpacing( float spacing )
{
	m_gridSpacing = spacing > 1e-4f ? spacing : 1e-4f;
}

void Renderer::AddScreenLine( float x0, float y0, float x1, float y1, Vec3f color )
{
	float v[12] = { x0, y0, 0, color.x, color.y, color.z, x1, y1, 0, color.x, color.y, color.z };
	m_screenLines.insert( m_screenLines.end(), v, v + 12 );
}

void Renderer::DrawLines( const std::vector<float>& lines, const Mat4f& viewProjection )
{
	glUseProgram( m_lineProgram );
	glUniformMatrix4fv( glGetUniformLocation( m_lineProgram, "uViewProjection" ), 1, GL_FALSE, viewProjection.m );
	glBindVertexArray( m_lineVao );
	glBindBuffer( GL_ARRAY_BUFFER, m_lineVbo );
	glBufferData( GL_ARRAY_BUFFER, (GLsizeiptr)( lines.size() * sizeof( float ) ), lines.data(), GL_STREAM_DRAW );
	glDrawArrays( GL_LINES, 0, (GLsizei)( lines.size() / 6 ) );
	glBindVertexArray( 0 );
}

void Renderer::DrawMeshes( unsigned program, bool withColor )
{
	GLint modelLocation = glGetUniformLocation( program, "uModel" );
	GLint colorLocation = glGetUniformLocation( program, "uColor" );
	GLint checkerLocation = glGetUniformLocation( program, "uChecker" );
	if ( withColor )
	{
		glUniform1f( glGetUniformLocation( program, "uGridSpacing" ), m_gridSpacing );
	}
	for ( const Item& item : m_items )
	{
		if ( withColor == false && item.kind == Mesh_ground )
		{
			continue; // the ground receives shadows but casts none
		}
		glUniformMatrix4fv( modelLocation, 1, GL_FALSE, item.model.m );
		if ( withColor )
		{
			glUniform3f( colorLocation, item.color.x, item.color.y, item.color.z );
			glUniform1i( checkerLocation, item.kind == Mesh_ground ? 1 : 0 );
		}
		const Mesh& mesh = m_meshes[item.kind];
		glBindVertexArray( mesh.vao );
		glDrawArrays( GL_TRIANGLES, 0, mesh.vertexCount );
	}
	// Triangle soups are already in world coordinates (uploaded once per frame by Draw).
	Mat4f identity = Identity4();
	glUniformMatrix4fv( modelLocation, 1, GL_FALSE, identity.m );
	glBindVertexArray( m_triangleVao );
	for ( const TriangleRange& range : m_triangleRanges )
	{
		if ( withColor )
		{
			glUniform3f( colorLocation, range.color.x, range.color.y, range.color.z );
			glUniform1i( checkerLocation, 0 );
		}
		glDrawArrays( GL_TRIANGLES, range.first, range.count );
	}
	glBindVertexArray( 0 );
}

void Renderer::Draw( const DrawView& view )
{
	GLint previousFramebuffer = 0;
	glGetIntegerv( GL_DRAW_FRAMEBUFFER_BINDING, &previousFramebuffer );

	// Sun from above and to the left of the default camera, so shadows fall beside the bodies.
	Vec3f lightDirection = Normalize( { -0.5f, 1.0f, 0.3f } );
	float radius = view.sceneRadius > 0.5f ? view.sceneRadius : 0.5f;
	Vec3f lightEye = view.sceneCenter + lightDirection * ( 2 * radius );
	Mat4f lightView = LookAt( lightEye, view.sceneCenter,
	                          std::fabs( lightDirection.y ) > 0.99f ? Vec3f{ 0, 0, 1 } : Vec3f{ 0, 1, 0 } );
	Mat4f lightProjection = Orthographic( -radius, radius, -radius, radius, 0.01f, 4 * radius );
	Mat4f lightViewProjection = Multiply( lightProjection, lightView );

	glEnable( GL_DEPTH_TEST );
	glDisable( GL_CULL_FACE );
	glDisable( GL_BLEND );
	glDisable( GL_SCISSOR_TEST );

	glBindBuffer( GL_ARRAY_BUFFER, m_triangleVbo );
	glBufferData( GL_ARRAY_BUFFER, (GLsizeiptr)( m_triangles.size() * sizeof( float ) ), m_triangles.data(),
	              GL_STREAM_DRAW );

	glBindFramebuffer( GL_FRAMEBUFFER, m_shadowFramebuffer );
	glViewport( 0, 0, kShadowSize, kShadowSize );
	glClear( GL_DEPTH_BUFFER_BIT );
	glEnable( GL_POLYGON_OFFSET_FILL );
	glPolygonOffset( 2.0f, 4.0f );
	glUseProgram( m_depthProgram );
	glUniformMatrix4fv( glGetUniformLocation( m_depthProgram, "uViewProjection" ), 1, GL_FALSE, lightViewProjection.m );
	DrawMeshes( m_depthProgram, false );
	glDisable( GL_POLYGON_OFFSET_FILL );

	glBindFramebuffer( GL_FRAMEBUFFER, (GLuint)previousFramebuffer );
	glViewport( 0, 0, view.width, view.height );
	glClearColor( 0.62f, 0.70f, 0.78f, 1.0f );
	glClear( GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT );

	Mat4f viewProjection = Multiply( view.projection, view.view );
	Mat4f inverseView = Inverse( view.view );
	Vec3f eye = { inverseView.m[12], inverseView.m[13], inverseView.m[14] };
	glUseProgram( m_litProgram );
	glUniformMatrix4fv( glGetUniformLocation( m_litProgram, "uViewProjection" ), 1, GL_FALSE, viewProjection.m );
	glUniformMatrix4fv( glGetUniformLocation( m_litProgram, "uLightViewProjection" ), 1, GL_FALSE,
	                    lightViewProjection.m );
	glUniform3f( glGetUniformLocation( m_litProgram, "uLightDirection" ), lightDirection.x, lightDirection.y,
	             lightDirection.z );
	glUniform3f( glGetUniformLocation( m_litProgram, "uEye" ), eye.x, eye.y, eye.z );
	glActiveTexture( GL_TEXTURE0 );
	glBindTexture( GL_TEXTURE_2D, m_shadowTexture );
	glUniform1i( glGetUniformLocation( m_litProgram, "uShadow" ), 0 );
	DrawMeshes( m_litProgram, true );

	// Debug lines show through the bodies: they are for seeing what is hidden.
	glDisable( GL_DEPTH_TEST );
	if ( m_lines.empty() == false )
	{
		DrawLines( m_lines, viewProjection );
	}
	if ( m_screenLines.empty() == false )
	{
		// Pixel centres: a line from (x, y) to (x + n, y) covers row y exactly.
		Mat4f pixels = Orthographic( -0.5f, (float)view.width - 0.5f, (float)view.height - 0.5f, -0.5f, -1, 1 );
		DrawLines( m_screenLines, pixels );
	}
	glEnable( GL_DEPTH_TEST );
	glUseProgram( 0 );
}

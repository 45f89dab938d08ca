// SPDX-License-Identifier: MIT
// The OpenGL 3.3 core renderer shared by the interactive viewer and the headless renderer:
// lit solid meshes with a directional shadow map, and coloured debug lines. It draws into
// whatever framebuffer is bound; the caller owns the GL context.
#pragma once

#include "math3d.h"

#include <vector>

enum MeshKind
{
	Mesh_sphere = 0, ///< radius 1
	Mesh_box,        ///< half extents 1
	Mesh_cylinder,   ///< radius 1, y in [-1, 1], open ends (capsules close them with spheres)
	Mesh_ground,     ///< square in the xz plane, half extent 1, checkered and gridded by world position
	Mesh_disc,       ///< disc in the xz plane, radius 1, normal +y
	Mesh_count,
};

struct DrawView
{
	Mat4f view, projection;
	int width, height;
	Vec3f sceneCenter; ///< the shadow map covers this sphere
	float sceneRadius;
};

class Renderer
{
  public:
	bool Init( char* error, int errorSize );
	void Shutdown();
	/// Drop the previous frame's meshes and lines.
	void Clear();
	void AddMesh( MeshKind kind, const Mat4f& model, Vec3f color );
	/// Triangles given in world coordinates (3 corners each), drawn flat-shaded with face normals:
	/// triangle mesh and heightfield shapes, whose geometry is not a scaled unit mesh.
	void AddTriangles( const Vec3f* corners, int triangleCount, Vec3f color );
	void AddLine( Vec3f a, Vec3f b, Vec3f color );
	/// Metres between the grid lines (and checker squares) drawn on Mesh_ground.
	void SetGridSpacing( float spacing );
	/// A line in pixels of the framebuffer (origin top left), drawn over everything: text.
	void AddScreenLine( float x0, float y0, float x1, float y1, Vec3f color );
	/// Shadow pass, then the lit meshes, then the lines over them, then the screen lines.
	void Draw( const DrawView& view );

  private:
	struct Item
	{
		Mat4f model;
		MeshKind kind;
		Vec3f color;
	};
	struct Mesh
	{
		unsigned vao = 0, vbo = 0;
		int vertexCount = 0;
	};
	void DrawMeshes( unsigned program, bool withColor );
	void DrawLines( const std::vector<float>& lines, const Mat4f& viewProjection );

	struct TriangleRange
	{
		int first, count; ///< vertices in m_triangles
		Vec3f color;
	};

	std::vector<Item> m_items;
	std::vector<float> m_triangles; ///< x y z nx ny nz per vertex, world coordinates
	std::vector<TriangleRange> m_triangleRanges;
	unsigned m_triangleVao = 0, m_triangleVbo = 0;
	std::vector<float> m_lines;       ///< x y z r g b per vertex
	std::vector<float> m_screenLines; ///< the same with x y in pixels and z 0
	Mesh m_meshes[Mesh_count];
	unsigned m_litProgram = 0, m_depthProgram = 0, m_lineProgram = 0;
	unsigned m_shadowTexture = 0, m_shadowFramebuffer = 0;
	unsigned m_lineVao = 0, m_lineVbo = 0;
	float m_gridSpacing = 1;
};

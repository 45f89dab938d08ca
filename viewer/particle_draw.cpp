// SPDX-License-Identifier: MIT
#include "particle_draw.h"

#include <vector>

static Vec3f GroupColor( ttParticleGroupKind kind )
{
	switch ( kind )
	{
		case ttParticleGroup_cloth:
			return { 0.25f, 0.55f, 0.85f };
		case ttParticleGroup_softBody:
			return { 0.95f, 0.55f, 0.2f };
		case ttParticleGroup_tire:
			return { 0.15f, 0.15f, 0.17f };
		case ttParticleGroup_rope:
			return { 0.55f, 0.4f, 0.25f };
		default:
			return { 0.9f, 0.85f, 0.3f };
	}
}

static void AddSphere( Renderer& renderer, Vec3f center, float radius, Vec3f color )
{
	Mat4f m = Identity4();
	m.m[0] = m.m[5] = m.m[10] = radius;
	m.m[12] = center.x;
	m.m[13] = center.y;
	m.m[14] = center.z;
	renderer.AddMesh( Mesh_sphere, m, color );
}

void DrawParticles( Renderer& renderer, const ttScene& scene )
{
	int count = ttWorld_GetParticleCount( scene.worldId );
	if ( count == 0 )
	{
		return;
	}
	// Slots drawn as part of a surface are not drawn again as spheres.
	std::vector<ttParticleId> all( (size_t)count );
	count = ttWorld_GetParticles( scene.worldId, all.data(), count );
	int slots = 0;
	for ( int i = 0; i < count; ++i )
	{
		slots = all[(size_t)i].index1 > slots ? all[(size_t)i].index1 : slots;
	}
	std::vector<int> kindOfSlot( (size_t)slots + 1, -1 );
	std::vector<ttVec3> positions;
	std::vector<Vec3f> corners;
	for ( int g = 0; g < scene.particleGroupCount; ++g )
	{
		const ttParticleGroup& group = scene.particleGroups[g];
		for ( int i = 0; i < group.particleCount; ++i )
		{
			int slot = group.particles[i].index1;
			if ( slot > 0 && slot <= slots )
			{
				kindOfSlot[(size_t)slot] = group.triangleCount > 0 ? -2 : (int)group.kind;
			}
		}
		if ( group.triangleCount == 0 || group.particleCount == 0 )
		{
			continue;
		}
		positions.resize( (size_t)group.particleCount );
		if ( ttWorld_GetParticlePositions( scene.worldId, group.particles, group.particleCount, positions.data() ) !=
		     ttResult_ok )
		{
			continue;
		}
		corners.resize( 3 * (size_t)group.triangleCount );
		for ( int t = 0; t < 3 * group.triangleCount; ++t )
		{
			corners[(size_t)t] = V3( positions[(size_t)group.triangles[t]] );
		}
		renderer.AddTriangles( corners.data(), group.triangleCount, GroupColor( group.kind ) );
	}
	for ( int i = 0; i < count; ++i )
	{
		ttParticleId id = all[(size_t)i];
		int kind = kindOfSlot[(size_t)id.index1];
		if ( kind == -2 )
		{
			continue;
		}
		Vec3f color = GroupColor( kind >= 0 ? (ttParticleGroupKind)kind : ttParticleGroup_particles );
		AddSphere( renderer, V3( ttParticle_GetPosition( id ) ), (float)ttParticle_GetRadius( id ), color );
	}
}

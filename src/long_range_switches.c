// SPDX-License-Identifier: MIT
// Per-world switches of the long range constraints (Mueller et al. 2017). Each feature says here
// whether this build implements it and whether a new world has it on; the modules that implement
// the features read world->enableLongRange and report into world->stats.
#include "core.h"
#include "world.h"

#include "tether/tether.h"

typedef struct ttLongRangeFeatureInfo
{
	const char* name;
	bool implemented;
	bool onByDefault;
} ttLongRangeFeatureInfo;

// hingeChains and shapeMatching are implemented but off by default: they change the motion of
// every hinge chain and every group of welded bodies (exact planarity, exact rigidity), so the
// numbers of existing scenes stay what they were unless a scene or a program asks for them.
// clang-format off
static const ttLongRangeFeatureInfo s_features[ttLongRange_featureCount] = {
	// attachments: off by default. The bounds are slack wherever the joints hold (sums of segment
	// lengths; lower bounds only under hard angle limits), so they only act against stretch, but
	// that is what the XPBD paper's figures measure: on by default, the chain of fig. 10 shows no
	// elongation at any split of substeps and iterations and tests/test_fig10_chain.c fails. The
	// user switches them on (API, scene key world.longRange, CLI --long-range attachments=on).
	[ttLongRange_attachments]        = { "attachments", true, false },
	// hierarchy: off by default. It costs O(n levels) bounds per chain and pays off only for free
	// chains and joint graphs that are hard to converge (rope bridge, cable car): the user opts in.
	[ttLongRange_hierarchy]          = { "hierarchy", true, false },
	[ttLongRange_hingeChains]        = { "hingeChains", true, false },
	[ttLongRange_shapeMatching]      = { "shapeMatching", true, false },
	[ttLongRange_supportingContacts] = { "supportingContacts", true, false },
};
// clang-format on

static bool ttIsFeature( ttLongRangeFeature feature )
{
	return (int)feature >= 0 && (int)feature < ttLongRange_featureCount;
}

const char* ttLongRangeFeatureName( ttLongRangeFeature feature )
{
	return ttIsFeature( feature ) ? s_features[feature].name : NULL;
}

bool ttLongRangeFeatureIsImplemented( ttLongRangeFeature feature )
{
	return ttIsFeature( feature ) && s_features[feature].implemented;
}

void ttLongRange_SetDefaults( bool* enable )
{
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		enable[i] = s_features[i].onByDefault;
	}
}

bool ttLongRange_CheckSwitches( const char* function, const bool* enable )
{
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		if ( enable[i] && s_features[i].implemented == false )
		{
			ttReportError( function, "long range feature '%s' is not implemented in this build", s_features[i].name );
			return false;
		}
	}
	return true;
}

ttResult ttWorld_EnableLongRange( ttWorldId worldId, ttLongRangeFeature feature, bool flag )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsFeature( feature ) == false )
	{
		ttReportError( __func__, "feature %d is not a ttLongRangeFeature", (int)feature );
		return ttResult_invalidArgument;
	}
	if ( flag && s_features[feature].implemented == false )
	{
		ttReportError( __func__, "long range feature '%s' is not implemented in this build", s_features[feature].name );
		return ttResult_invalidState;
	}
	world->enableLongRange[feature] = flag;
	return ttResult_ok;
}

bool ttWorld_IsLongRangeEnabled( ttWorldId worldId, ttLongRangeFeature feature )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	return world != NULL && ttIsFeature( feature ) && world->enableLongRange[feature];
}

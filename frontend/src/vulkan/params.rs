//! The kernel's arguments: clspv's reflected ones in ordinal order, then every other
//! resource by (set, binding), push constants last.

use super::{err, Param, Place, Resource, Translator};
use crate::FrontendError;
use rspirv::spirv::{StorageClass, Word};
use std::collections::{HashMap, HashSet};

impl Translator<'_> {
    /// The arguments of entry `f`: clspv's reflected ones in ordinal order, then every
    /// other resource by (set, binding), push constants last.
    pub(super) fn parameters(
        &mut self,
        f: Word,
        kernel: &str,
        used: &HashSet<Word>,
    ) -> Result<Vec<Param>, FrontendError> {
        let mut order: Vec<(Word, Option<usize>)> = Vec::new();
        // This kernel's reflected names, which override the resources' own.
        let mut names: HashMap<(Word, Option<usize>), String> = HashMap::new();
        // One argument per binding: two variables of this kernel on one binding would be
        // two views of one buffer, which the interface cannot express.
        let mut bound: HashMap<(u32, u32), Word> = HashMap::new();
        for (var, r) in &self.resources {
            if let (
                true,
                Resource::Buffer { set, binding, .. }
                | Resource::Pod {
                    set: Some((set, binding)),
                    ..
                },
            ) = (used.contains(var), r)
            {
                if let Some(other) = bound.insert((*set, *binding), *var) {
                    return Err(FrontendError::Invalid {
                        rule: "Vulkan environment, one resource per binding in this translation".into(),
                        inst: format!("OpVariable %{var} ({kernel})"),
                        message: format!("set {set} binding {binding} is also bound to %{other} in the same kernel; give each buffer its own binding"),
                    });
                }
            }
        }
        for a in self.reflected.get(&f).cloned().unwrap_or_default() {
            // This kernel's variable for the argument; else any with that place: clspv keeps
            // the argument's binding when the kernel never reads it, so it stays positional.
            let mut candidates: Vec<(&Word, &Resource)> = self.resources.iter().collect();
            candidates.sort_by_key(|(v, _)| (!used.contains(v), **v));
            let found = candidates
                .into_iter()
                .find_map(|(var, r)| match (&a.place, r) {
                    (
                        Place::Buffer { set, binding },
                        Resource::Buffer {
                            set: s, binding: b, ..
                        },
                    ) if s == set && b == binding => Some((*var, None)),
                    (Place::PushConstant { offset, .. }, Resource::Pod { leaves, set: None }) => {
                        leaves
                            .iter()
                            .position(|l| l.offset == *offset)
                            .map(|k| (*var, Some(k)))
                    }
                    (Place::Workgroup { spec_id }, Resource::Local { spec_id: s, .. })
                        if s == spec_id =>
                    {
                        Some((*var, None))
                    }
                    _ => None,
                });
            match (&a.place, found) {
                (Place::Other(what), _) => {
                    return Err(err(
                        format!("kernel '{kernel}' argument {}", a.ordinal),
                        format!("{what} is not supported"),
                    ))
                }
                (_, Some(x)) => {
                    if let Some(n) = &a.name {
                        names.insert(x, n.clone());
                    }
                    order.push(x)
                }
                // A reflected argument the kernel never reads: clspv dropped its resource.
                (_, None) => {}
            }
        }
        let mut rest: Vec<(u8, u32, u32, Word)> = Vec::new();
        for (var, r) in self.resources.iter().filter(|(v, _)| used.contains(v)) {
            let key = match r {
                Resource::Buffer { set, binding, .. } => (0, *set, *binding),
                Resource::Pod {
                    set: Some((s, b)), ..
                } => (0, *s, *b),
                Resource::Pod { set: None, .. } => (1, 0, 0),
                Resource::Local { spec_id, .. } => (2, *spec_id, 0),
                Resource::Value | Resource::Table => continue,
            };
            rest.push((key.0, key.1, key.2, *var));
        }
        rest.sort();
        for (_, _, _, var) in rest {
            match self.resources.get(&var) {
                Some(Resource::Pod { leaves, .. }) => {
                    for k in 0..leaves.len() {
                        if !order.contains(&(var, Some(k))) {
                            order.push((var, Some(k)));
                        }
                    }
                }
                _ if !order.contains(&(var, None)) => order.push((var, None)),
                _ => {}
            }
        }
        let mut params = Vec::new();
        for (var, leaf) in order {
            let r = self.resources.get(&var).cloned();
            let (ty, name, no_write, no_alias) = match (r, leaf) {
                (
                    Some(Resource::Buffer {
                        elem,
                        name,
                        writable,
                        aliased,
                        ..
                    }),
                    _,
                ) => (
                    self.pointer_type(StorageClass::CrossWorkgroup, elem),
                    name,
                    !writable,
                    !aliased,
                ),
                (Some(Resource::Local { elem, name, .. }), _) => (
                    self.pointer_type(StorageClass::Workgroup, elem),
                    name,
                    false,
                    false,
                ),
                (Some(Resource::Pod { leaves, .. }), Some(k)) => {
                    let l = &leaves[k];
                    let name = self.reflected.get(&f).and_then(|args| {
                        args.iter().find(|a| matches!(a.place, Place::PushConstant { offset, .. } if offset == l.offset)).and_then(|a| a.name.clone())
                    });
                    (l.ty, name.unwrap_or_else(|| l.name.clone()), false, false)
                }
                _ => continue,
            };
            let name = names.get(&(var, leaf)).cloned().unwrap_or(name);
            params.push(Param {
                id: self.fresh(),
                ty,
                name,
                var,
                leaf,
                no_write,
                no_alias,
            });
        }
        Ok(params)
    }
}
